// The category tree beside the home-page blocks, each category marked with the blocks that show
// it. The tree is read as every tree view reads one (useTreeReads.ts): the top level first, a
// level when the user opens it, a page at a time, with a "load more" entry at the end of a level
// not read to its end; each page of categories read brings one read of the blocks that show any of
// them. The tree draws only the entries in its view (antd's virtual tree), so a level of 5,000
// categories reads and scrolls as one of twenty does.

import { useQueries } from '@tanstack/react-query';
import { Button, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import type { ResourceClient, Row } from '../../../runtime/client/resourceClient.ts';
import { LIST_MAX_LIMIT } from '../../../runtime/contract.ts';
import { t } from '../../../runtime/ui/i18n.ts';
import { ROOT_KEY } from '../../../runtime/ui/listReads.ts';
import { entriesOf, entryReuse, levelTree, type PickNode } from '../../../runtime/ui/pickerTree.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { useTreeReads } from '../../../runtime/ui/useTreeReads.ts';
import { useLanguageStore } from '../../stores/language.ts';

/** Categories a read of a level brings. */
export const TREE_LEVEL_SIZE = 100;
/** The tree's height: a longer tree scrolls inside it, drawing only the entries in view. */
export const TREE_HEIGHT = 480;
/** The blocks' field that names the category a block shows. */
const SHOWN_FIELD = 'categoryId';

export interface CategoryTreeProps {
  categories: ResourceClient;
  /** the blocks, when the user may list them; their `categoryId` marks the categories */
  blocks?: ResourceClient;
}

/** The read category ids in pages of TREE_LEVEL_SIZE, a level at a time: each page's marks are
 * read once, and a level read further adds a page without changing the ones before. */
function idPages(levels: ReadonlyMap<string, { keys: string[] }>): string[][] {
  const pages: string[][] = [];
  for (const { keys } of levels.values())
    for (let at = 0; at < keys.length; at += TREE_LEVEL_SIZE)
      pages.push(keys.slice(at, at + TREE_LEVEL_SIZE));
  return pages;
}

export function CategoryTree({ categories, blocks }: CategoryTreeProps) {
  const lang = useLanguageStore((s) => s.lang);
  const resource = categories.resource;
  // the label the blocks' own form shows for a category, else the tree's parent picker's
  const labelField =
    blocks?.resource.fields.find((field) => field.name === SHOWN_FIELD)?.refLabel ??
    resource.fields.find((field) => field.name === resource.treeParent)?.refLabel;
  const reads = useTreeReads({
    client: categories,
    pageSize: TREE_LEVEL_SIZE,
    sort: resource.order?.field,
    enabled: true,
  });
  const [made] = useState(entryReuse);
  const entries = useMemo(
    () => entriesOf(reads.rows, resource.treeParent, labelField, made),
    [reads.rows, resource.treeParent, labelField, made],
  );

  // A category is shown by a block or two at most: a page's read of LIST_MAX_LIMIT blocks marks
  // its hundred categories unless they average five blocks each.
  const pages = useMemo(() => idPages(reads.levels), [reads.levels]);
  const marks = useQueries({
    queries: pages.map((ids) => ({
      queryKey: [...queryKeys.resource(blocks?.resource.name ?? ''), 'showing', ids.join(',')],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        blocks!.list(
          { page: 1, limit: LIST_MAX_LIMIT, filters: { [SHOWN_FIELD]: ids } },
          { signal, silent: true },
        ),
      enabled: Boolean(blocks),
      staleTime: 30_000,
    })),
    combine: (results) => {
      const byCategory = new Map<string, string[]>();
      for (const result of results)
        for (const block of result.data?.rows ?? ([] as Row[])) {
          const key = String(block[SHOWN_FIELD]);
          byCategory.set(key, [...(byCategory.get(key) ?? []), String(block.blockName)]);
        }
      return byCategory;
    },
  });

  const { loadMore, loadingMore } = reads;
  const treeData = useMemo(() => {
    const toData = (node: PickNode): TreeDataNode => {
      const { more } = node;
      if (more)
        return {
          key: String(node.value),
          isLeaf: true,
          selectable: false,
          title: (
            <Button
              type="link"
              size="small"
              loading={loadingMore.includes(more.parent)}
              onClick={() => loadMore(more.parent)}
            >
              {t('loadMore', lang, { shown: more.shown, total: more.total })}
            </Button>
          ),
        };
      const key = String(node.value);
      const shownBy = marks.get(key) ?? [];
      return {
        key,
        title: shownBy.length > 0 ? `${node.title} · ${shownBy.join(', ')}` : node.title,
        isLeaf: node.isLeaf,
        // a level not read yet is left undefined, for the tree to read when it opens
        children: node.children?.map(toData),
      };
    };
    return levelTree(entries, reads.levels, ROOT_KEY, () => false).map(toData);
  }, [entries, reads.levels, marks, loadMore, loadingMore, lang]);

  const top = reads.levels.get(ROOT_KEY);
  if (top && top.total === 0) return <Empty />;
  return (
    <Spin spinning={!top && reads.loadingList}>
      <Tree
        data-testid="category-tree"
        treeData={treeData}
        selectable={false}
        blockNode
        height={TREE_HEIGHT}
        loadData={({ key }) => reads.loadLevel(String(key))}
      />
    </Spin>
  );
}

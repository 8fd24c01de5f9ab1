// The category tree beside the home-page blocks, each category marked with the blocks that show
// it. Read a level at a time as the user opens it (the top level first), each level with one
// request for its categories and one for the blocks showing any of them, so the tree costs the
// same whether the site has twenty categories or twenty thousand.

import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Empty, Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';
import type { ListResult } from '../../../runtime/client/envelope.ts';
import type { ResourceClient, Row } from '../../../runtime/client/resourceClient.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { useT } from '../../i18n/useT.ts';

/** Categories one level shows; a larger level says how many more it has. */
export const TREE_LEVEL_SIZE = 100;
const ROOT = '0';

interface Level extends ListResult<Row> {
  /** block names by the id of the category they show */
  blocksOf: Record<string, string[]>;
}

export interface CategoryTreeProps {
  categories: ResourceClient;
  /** the blocks, when the user may list them; their `categoryId` marks the categories */
  blocks?: ResourceClient;
}

export function CategoryTree({ categories, blocks }: CategoryTreeProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const { resource } = categories;
  const parentField = resource.treeParent;
  const [opened, setOpened] = useState<string[]>([ROOT]);

  const levelQuery = (parent: string) => ({
    queryKey: [...queryKeys.resource(resource.name), 'treeLevel', parent, blocks?.resource.name ?? ''],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Level> => {
      const level = await categories.list(
        {
          page: 1,
          limit: TREE_LEVEL_SIZE,
          sort: resource.order?.field,
          filters: parentField ? { [parentField]: Number(parent) } : undefined,
        },
        { signal },
      );
      const ids = level.rows.map((row) => row.id);
      const blocksOf: Record<string, string[]> = {};
      if (blocks && ids.length > 0) {
        const shown = await blocks.list(
          { page: 1, limit: TREE_LEVEL_SIZE, filters: { categoryId: ids } },
          { signal, silent: true },
        );
        for (const block of shown.rows) {
          const key = String(block.categoryId);
          blocksOf[key] = [...(blocksOf[key] ?? []), String(block.blockName)];
        }
      }
      return { ...level, blocksOf };
    },
    staleTime: 30_000,
  });
  const levels = useQueries({ queries: opened.map(levelQuery) });
  const byParent = new Map(opened.map((key, i) => [key, levels[i]?.data]));

  const nodes = (parent: string): TreeDataNode[] | undefined => {
    const level = byParent.get(parent);
    if (!level) return undefined;
    const out: TreeDataNode[] = level.rows.map((row) => {
      const key = String(row.id);
      const marks = level.blocksOf[key] ?? [];
      const name = String(row.categoryName ?? row.id);
      return {
        key,
        title: marks.length > 0 ? `${name} · ${marks.join(', ')}` : name,
        children: nodes(key),
      };
    });
    if (level.total > level.rows.length)
      out.push({
        key: `${parent}:more`,
        title: t('moreItems', { count: level.total - level.rows.length }),
        isLeaf: true,
        disabled: true,
      });
    return out;
  };

  const top = nodes(ROOT);
  if (levels[0]?.isSuccess && top?.length === 0) return <Empty />;
  return (
    <Tree
      treeData={top ?? []}
      selectable={false}
      loadData={async ({ key }) => {
        const parent = String(key);
        await queryClient.fetchQuery(levelQuery(parent));
        setOpened((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
      }}
    />
  );
}

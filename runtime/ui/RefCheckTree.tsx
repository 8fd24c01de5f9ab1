// The editor of a `checkTree` field: a multiple ref into a tree resource (a role's menus) shown
// as the whole tree inside the form, each entry ticked on its own. What is saved is exactly what
// is ticked: ticking a parent ticks nothing below it (antd's checkStrictly), and a branch is
// ticked only through its explicit branch buttons. Under checkStrictly antd computes no half
// ticks, so they come from checkTree.ts: a parent not ticked itself with ticked entries below.
import { BorderOutlined, CheckSquareOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Input,
  Spin,
  Tag,
  Tooltip,
  Tree,
  type TreeDataNode,
  Typography,
  theme,
} from 'antd';
import { useMemo, useState } from 'react';
import type { Id } from '../client/resourceClient.ts';
import type { Field, Lang } from '../schema/types.ts';
import {
  branchCounts,
  type CheckNode,
  filterTree,
  flatten,
  halfTickedKeys,
  nestOptions,
  setBranch,
  setTick,
} from './checkTree.ts';
import { t } from './i18n.ts';
import { useRefOptions } from './useRefOptions.ts';

export interface RefCheckTreeProps {
  field: Field;
  value: readonly Id[];
  onChange: (value: Id[]) => void;
  lang: Lang;
  disabled?: boolean;
  /** given to the search box, so the field's label focuses it */
  id?: string;
  /** the tree's height in pixels: a longer tree scrolls, rendering only the rows in view */
  height?: number;
}

const DEFAULT_HEIGHT = 360;

function toTreeDataNode(node: CheckNode): TreeDataNode {
  return {
    key: node.key,
    title: node.option.label,
    children: node.children.length > 0 ? node.children.map(toTreeDataNode) : undefined,
  };
}

const parentKeys = (nodes: readonly CheckNode[]) =>
  flatten(nodes)
    .filter((n) => n.children.length > 0)
    .map((n) => n.key);

export function RefCheckTree({
  field,
  value,
  onChange,
  lang,
  disabled,
  id,
  height = DEFAULT_HEIGHT,
}: RefCheckTreeProps) {
  const { token } = theme.useToken();
  const { options, total, cut, loading } = useRefOptions(field);
  const roots = useMemo(() => nestOptions(options), [options]);
  const byKey = useMemo(() => new Map(flatten(roots).map((n) => [n.key, n])), [roots]);
  const ticked = useMemo(() => new Set(value.map(String)), [value]);
  const counts = useMemo(() => branchCounts(roots, ticked), [roots, ticked]);
  const checkedKeys = useMemo(
    () => ({ checked: [...ticked], halfChecked: halfTickedKeys(counts, ticked) }),
    [ticked, counts],
  );

  const [term, setTerm] = useState('');
  const searching = term.trim() !== '';
  const shown = useMemo(() => filterTree(roots, term), [roots, term]);
  const treeData = useMemo(() => shown.map(toTreeDataNode), [shown]);
  // top-level entries open (a menu's directories show their pages) until the user folds or
  // unfolds something; a search opens every branch with a hit, apart from the user's own folding
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [searchExpanded, setSearchExpanded] = useState<string[] | null>(null);
  const expandedKeys = searching
    ? (searchExpanded ?? parentKeys(shown))
    : (expanded ?? roots.filter((r) => r.children.length > 0).map((r) => r.key));
  const setExpandedKeys = searching ? setSearchExpanded : setExpanded;

  const renderTitle = (data: TreeDataNode) => {
    const node = byKey.get(String(data.key));
    if (!node) return null;
    const count = counts.get(node.key);
    const label = node.option.label;
    const branchButton = (on: boolean) => (
      <Tooltip title={t(on ? 'tickBranch' : 'untickBranch', lang, { label })}>
        <Button
          size="small"
          type="text"
          aria-label={t(on ? 'tickBranch' : 'untickBranch', lang, { label })}
          icon={on ? <CheckSquareOutlined aria-hidden /> : <BorderOutlined aria-hidden />}
          onClick={(event) => {
            // the title itself toggles the one entry; a branch button must not do that too
            event.stopPropagation();
            onChange(setBranch(value, node, on));
          }}
        />
      </Tooltip>
    );
    return (
      // the detail comes last: on a narrow screen it is what wraps, onto a line of its own
      <Flex component="span" align="center" gap={6} wrap>
        <span>{label}</span>
        {count && (
          <Tooltip title={t('branchTicked', lang, { count: count.ticked, total: count.total })}>
            <Tag
              variant="filled"
              color={count.ticked === 0 ? undefined : count.ticked === count.total ? 'blue' : 'gold'}
              data-testid="branch-count"
              style={{ marginInlineEnd: 0 }}
            >
              {count.ticked}/{count.total}
            </Tag>
          </Tooltip>
        )}
        {count && !disabled && (
          <span>
            {branchButton(true)}
            {branchButton(false)}
          </span>
        )}
        {node.option.detail && (
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {node.option.detail}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  return (
    <div
      data-testid={`check-tree-${field.name}`}
      style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, padding: 8 }}
    >
      <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
        <Input
          id={id}
          allowClear
          size="small"
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('treeSearch', lang)}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setSearchExpanded(null);
          }}
          style={{ flex: '1 1 160px', minWidth: 0 }}
        />
        <Button size="small" onClick={() => setExpandedKeys(parentKeys(searching ? shown : roots))}>
          {t('expandAll', lang)}
        </Button>
        <Button size="small" onClick={() => setExpandedKeys([])}>
          {t('collapseAll', lang)}
        </Button>
        <Typography.Text type="secondary" data-testid="ticked-count">
          {t('ticked', lang, { count: value.length, total })}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeSM, marginBottom: 8 }}>
        {t('checkTreeHint', lang)}
      </Typography.Paragraph>
      {cut && (
        <Alert
          type="warning"
          showIcon
          data-testid="check-tree-cut"
          title={t('optionsCut', lang, { count: byKey.size, total })}
          style={{ marginBottom: 8 }}
        />
      )}
      <Spin spinning={loading && roots.length === 0}>
        {treeData.length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty', lang)} />
        ) : (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            blockNode
            disabled={disabled}
            treeData={treeData}
            checkedKeys={checkedKeys}
            onCheck={(_, info) => {
              const node = byKey.get(String(info.node.key));
              if (node) onChange(setTick(value, node.option.value, info.checked));
            }}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpandedKeys(keys.map(String))}
            titleRender={renderTitle}
            height={height}
          />
        )}
      </Spin>
    </div>
  );
}

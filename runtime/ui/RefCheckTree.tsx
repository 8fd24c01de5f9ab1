// The editor of a `checkTree` field: a multiple ref into a tree resource (a role's menus) shown
// as the whole tree inside the form, each entry ticked on its own. What is saved is exactly what
// is ticked: ticking a parent ticks nothing below it, and a branch is ticked only through its
// explicit branch buttons. Half ticks come from checkTree.ts: a parent not ticked itself with
// ticked entries below.
//
// The tree is drawn as antd's tree draws one, its entries in view alone (TreeList.tsx), as the
// category tree is. antd's own tree measured its rows in layout effects as the form opened, and
// each measure drew the whole tree again at once: the role form's drawer held the page for 50–100
// ms (docs/benchmarks.md, "Form drawers").
import { BorderOutlined, CheckSquareOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, ConfigProvider, Empty, Flex, Input, Spin, Tag, Typography, theme } from 'antd';
import useTreeStyle from 'antd/es/tree/style';
import { createContext, useCallback, useContext, useId, useMemo, useRef, useState } from 'react';
import type { Id } from '../client/resourceClient.ts';
import type { Field, Lang } from '../schema/types.ts';
import {
  type BranchCount,
  branchCounts,
  type CheckNode,
  filterTree,
  flatten,
  halfTickedKeys,
  nestOptions,
  setBranch,
  setTick,
} from './checkTree.ts';
import { HoverTooltip } from './HoverTooltip.tsx';
import { t } from './i18n.ts';
import { type PickNode, type ShownNode, shownNodes, withKey } from './pickerTree.ts';
import { TreeList } from './TreeList.tsx';
import { useRefOptions } from './useRefOptions.ts';
import { useTreeKeyboard } from './useTreeKeyboard.ts';

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

/** The node as the list draws it: its key as its value, a leaf with no children to open. */
function toPickNode(node: CheckNode, disabled: boolean): PickNode {
  return {
    value: node.key,
    title: node.option.label,
    disabled,
    children: node.children.map((child) => toPickNode(child, disabled)),
  };
}

const parentKeys = (nodes: readonly CheckNode[]) =>
  flatten(nodes)
    .filter((n) => n.children.length > 0)
    .map((n) => n.key);

/** What an entry's title reads besides its node: drawn from a context, so a tick draws the titles
 * in view and not the list around them. */
interface TitleData {
  byKey: ReadonlyMap<string, CheckNode>;
  counts: ReadonlyMap<string, BranchCount>;
  disabled: boolean;
  lang: Lang;
  /** a branch button pressed: the node and everything below it ticked or unticked */
  onBranch(node: CheckNode, on: boolean): void;
}

const TitleContext = createContext<TitleData | null>(null);

/** An entry's label, its branch's count and buttons, and its detail (a menu's permission code). */
function EntryTitle({ node: pick }: { node: PickNode }) {
  const context = useContext(TitleContext);
  const { token } = theme.useToken();
  const node = context?.byKey.get(String(pick.value));
  if (!context || !node) return <>{pick.title}</>;
  const { lang, onBranch } = context;
  const count = context.counts.get(node.key);
  const label = node.option.label;
  const branchButton = (on: boolean) => (
    <HoverTooltip title={t(on ? 'tickBranch' : 'untickBranch', lang, { label })}>
      <Button
        size="small"
        type="text"
        aria-label={t(on ? 'tickBranch' : 'untickBranch', lang, { label })}
        icon={on ? <CheckSquareOutlined aria-hidden /> : <BorderOutlined aria-hidden />}
        onClick={(event) => {
          // the title itself toggles the one entry; a branch button must not do that too
          event.stopPropagation();
          onBranch(node, on);
        }}
      />
    </HoverTooltip>
  );
  return (
    // the detail comes last: on a narrow screen it is what wraps, onto a line of its own
    <Flex component="span" align="center" gap={6} wrap>
      <span>{label}</span>
      {count && (
        <HoverTooltip title={t('branchTicked', lang, { count: count.ticked, total: count.total })}>
          <Tag
            variant="filled"
            color={count.ticked === 0 ? undefined : count.ticked === count.total ? 'blue' : 'gold'}
            data-testid="branch-count"
            style={{ marginInlineEnd: 0 }}
          >
            {count.ticked}/{count.total}
          </Tag>
        </HoverTooltip>
      )}
      {count && !context.disabled && (
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
}

/** A check tree has no "load more" entries: every entry is read (useRefOptions.ts). */
const NO_MORE = () => {};
const NONE: readonly string[] = [];
const NOTHING_OPENING: ReadonlySet<string> = new Set();

export function RefCheckTree({
  field,
  value,
  onChange,
  lang,
  disabled = false,
  id,
  height = DEFAULT_HEIGHT,
}: RefCheckTreeProps) {
  const { token } = theme.useToken();
  const { options, total, cut, loading } = useRefOptions(field);
  const roots = useMemo(() => nestOptions(options), [options]);
  const byKey = useMemo(() => new Map(flatten(roots).map((n) => [n.key, n])), [roots]);
  const ticked = useMemo(() => new Set(value.map(String)), [value]);
  const counts = useMemo(() => branchCounts(roots, ticked), [roots, ticked]);
  const half = useMemo(() => new Set(halfTickedKeys(counts, ticked)), [counts, ticked]);

  const [term, setTerm] = useState('');
  const searching = term.trim() !== '';
  const shown = useMemo(() => filterTree(roots, term), [roots, term]);
  const nodes = useMemo(() => shown.map((node) => toPickNode(node, disabled)), [shown, disabled]);
  // top-level entries open (a menu's directories show their pages) until the user folds or
  // unfolds something; a search opens every branch with a hit, apart from the user's own folding
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null);
  const [searchExpanded, setSearchExpanded] = useState<ReadonlySet<string> | null>(null);
  const expandedKeys = useMemo(
    () =>
      searching
        ? (searchExpanded ?? new Set(parentKeys(shown)))
        : (expanded ?? new Set(roots.filter((r) => r.children.length > 0).map((r) => r.key))),
    [searching, searchExpanded, shown, expanded, roots],
  );
  const setExpandedKeys = searching ? setSearchExpanded : setExpanded;
  const rows = useMemo(() => shownNodes(nodes, expandedKeys), [nodes, expandedKeys]);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const active = activeKey === null ? -1 : rows.findIndex((row) => row.key === activeKey);

  // what the handlers read, as of the last render: they stay the same functions, so a tick draws
  // the entries in view whose tick changed and not the others
  const latest = useRef({ value, onChange, byKey, expandedKeys, setExpandedKeys, disabled });
  latest.current = { value, onChange, byKey, expandedKeys, setExpandedKeys, disabled };
  const onSwitch = useCallback((row: ShownNode) => {
    const { expandedKeys, setExpandedKeys } = latest.current;
    setExpandedKeys(withKey(expandedKeys, row.key, !row.open));
  }, []);
  const onTick = useCallback((row: ShownNode) => {
    const { value, onChange, byKey, disabled } = latest.current;
    const node = byKey.get(row.key);
    if (!node || disabled) return;
    const on = !value.some((v) => String(v) === row.key);
    onChange(setTick(value, node.option.value, on));
  }, []);
  const onBranch = useCallback((node: CheckNode, on: boolean) => {
    const { value, onChange } = latest.current;
    onChange(setBranch(value, node, on));
  }, []);
  const titles = useMemo(
    () => ({ byKey, counts, disabled, lang, onBranch }),
    [byKey, counts, disabled, lang, onBranch],
  );
  // the keyboard, as in antd's tree (useTreeKeyboard.ts): Enter or the space bar ticks the entry
  const keyboard = useTreeKeyboard({
    rows,
    active,
    handlers: { move: setActiveKey, toggle: onSwitch, more: NO_MORE, activate: onTick },
    space: onTick,
  });

  const ownId = useId();
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const tree = getPrefixCls('tree');
  const [hashId, cssVarCls] = useTreeStyle(tree);
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
        <Button size="small" onClick={() => setExpandedKeys(new Set(parentKeys(searching ? shown : roots)))}>
          {t('expandAll', lang)}
        </Button>
        <Button size="small" onClick={() => setExpandedKeys(new Set())}>
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
        {rows.length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty', lang)} />
        ) : (
          <TitleContext.Provider value={titles}>
            <TreeList
              tree={tree}
              rows={rows}
              height={height}
              idPrefix={ownId}
              multiple
              chosen={ticked}
              half={half}
              opening={NOTHING_OPENING}
              readingMore={NONE}
              active={active}
              lang={lang}
              onSwitch={onSwitch}
              onPick={onTick}
              onLoadMore={NO_MORE}
              readOnView={false}
              focusRing
              Title={EntryTitle}
              rootProps={{
                className: [`${tree}-block-node`, `${tree}-unselectable`, hashId, cssVarCls].join(' '),
              }}
              treeProps={{ ...keyboard, 'aria-label': field.title[lang] }}
            />
          </TitleContext.Provider>
        )}
      </Spin>
    </div>
  );
}

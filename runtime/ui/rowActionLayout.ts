// Where a row's actions go: up to three fit on one line as links; past that the first two stay
// links and the rest go into a "More" menu, so the actions column keeps one short line whatever
// the schema declares. The column is sized from the same rule, so it fits its widest row.
import type { Action, Lang } from '../schema/types.ts';
import { CELL_PADDING, textWidth } from './columnWidth.ts';
import { t } from './i18n.ts';

/** at most this many links on the line before a "More" menu takes the rest */
export const INLINE_LIMIT = 3;
/** links shown in front of the "More" menu when it is needed */
const INLINE_WITH_MORE = 2;
/** a small link button's own padding, both sides */
const LINK_PADDING = 14;
/** the vertical divider between two links (no margin: the links' padding spaces them) */
const DIVIDER_WIDTH = 1;
/** the caret after "More" and its gap */
const CARET_WIDTH = 20;
/** room for rounding in the text estimate */
const SLACK = 8;

export interface RowActionLayout {
  inline: Action[];
  more: Action[];
}

export function splitRowActions(offered: readonly Action[]): RowActionLayout {
  if (offered.length <= INLINE_LIMIT) return { inline: [...offered], more: [] };
  return { inline: offered.slice(0, INLINE_WITH_MORE), more: offered.slice(INLINE_WITH_MORE) };
}

/**
 * The width the actions column needs for its widest row. Each row offers the actions whose
 * `when` holds for it, so this bounds every line a row could show:
 * - up to three actions: all of them;
 * - past three, two links and the menu. Actions without a `when` are offered on every row, so
 *   the two links come from the actions up to the second such one;
 * - past three with conditions, a row may be left with exactly three (the three widest), unless
 *   more than three have no condition.
 */
export function actionsColumnWidth(actions: readonly Action[], lang: Lang): number {
  const header = textWidth(t('actions', lang)) + CELL_PADDING;
  if (actions.length === 0) return header;
  const width = (action: Action) => textWidth(action.title[lang]) + LINK_PADDING;
  /** the widest `count` of `list` on one line, with dividers between them */
  const widest = (list: readonly Action[], count: number) => {
    const chosen = list
      .map(width)
      .sort((a, b) => b - a)
      .slice(0, count);
    return chosen.reduce((total, w) => total + w, 0) + (chosen.length - 1) * DIVIDER_WIDTH;
  };

  let line: number;
  if (actions.length <= INLINE_LIMIT) {
    line = widest(actions, INLINE_LIMIT);
  } else {
    let unconditional = 0;
    const lastCandidate = actions.findIndex((a) => !a.when && ++unconditional === INLINE_WITH_MORE);
    const candidates = lastCandidate < 0 ? actions : actions.slice(0, lastCandidate + 1);
    const more = textWidth(t('more', lang)) + CARET_WIDTH + LINK_PADDING + DIVIDER_WIDTH;
    line = widest(candidates, INLINE_WITH_MORE) + more;
    // every row offers the actions without a `when`: with more than three of those, none is
    // ever left with three or fewer
    const always = actions.filter((a) => !a.when).length;
    if (always <= INLINE_LIMIT && actions.some((a) => a.when))
      line = Math.max(line, widest(actions, INLINE_LIMIT));
  }
  return Math.max(header, line + CELL_PADDING + SLACK);
}

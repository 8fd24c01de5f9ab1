// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type FitColumn, fitColumns, narrowViewport } from '../../../runtime/ui/columnFit.ts';

// the contents list in English: a start-fixed title, eight scrolling columns, the actions at the end
const contents: FitColumn[] = [
  { id: 'title', width: 320, fixed: 'left' },
  { id: 'category', width: 140 },
  { id: 'office', width: 127 },
  { id: 'author', width: 100 },
  { id: 'status', width: 92 },
  { id: 'pinned', width: 92 },
  { id: 'views', width: 90 },
  { id: 'published', width: 180 },
  { id: 'updated', width: 180 },
  { id: 'actions', width: 255, fixed: 'right' },
];
const total = 320 + 140 + 127 + 100 + 92 + 92 + 90 + 180 + 180 + 255 + 48;

const widths = (columns: FitColumn[]) => Object.fromEntries(columns.map((c) => [c.id, c.width]));
const fixedSides = (columns: FitColumn[]) => Object.fromEntries(columns.map((c) => [c.id, c.fixed]));

/** Where each column begins, from the table's start, with the selection column first. */
function starts(columns: FitColumn[], selection: number): Record<string, number> {
  let x = selection;
  return Object.fromEntries(
    columns.map((c) => {
      const at = x;
      x += c.width;
      return [c.id, at];
    }),
  );
}

describe('fitColumns', () => {
  it("keeps the schema's widths, and neither scrolls nor fixes a column, until the table is measured or when it fits", () => {
    for (const viewport of [undefined, 0, total, total + 300]) {
      const fit = fitColumns({ columns: contents, selection: 48, viewport });
      expect(widths(fit.columns)).toEqual(widths(contents));
      // nothing scrolls beneath them, so nothing needs to stick
      expect(fit.columns.every((c) => c.fixed === undefined)).toBe(true);
      expect(fit.selectionFixed).toBe(false);
      expect(fit.scrollX).toBeUndefined();
    }
  });

  it("fixes the schema's fixed sides and scrolls as soon as the columns do not fit", () => {
    const fit = fitColumns({ columns: contents, selection: 48, viewport: total - 1 });
    expect(fixedSides(fit.columns)).toEqual(fixedSides(contents));
    expect(fit.selectionFixed).toBe(true);
    expect(fit.scrollX).toBe(fit.columns.reduce((sum, c) => sum + c.width, 48));
  });

  it("widens the first view's columns to end exactly where the end-fixed actions begin", () => {
    const viewport = 1280;
    const fit = fitColumns({ columns: contents, selection: 48, viewport });
    // title, selection and actions fixed: 623 of 1280, under half
    expect(fit.selectionFixed).toBe(true);
    expect(fit.columns.find((c) => c.id === 'title')?.fixed).toBe('left');
    // the room between the fixed columns, 657 px, holds category … views (641) and not published
    const at = starts(fit.columns, 48);
    const actionsEdge = viewport - 255;
    expect(at.published).toBe(actionsEdge);
    // no column straddles the edge: each ends before it or begins at or after it
    for (const column of fit.columns.filter((c) => !c.fixed)) {
      const begin = at[column.id];
      expect(begin + column.width <= actionsEdge || begin >= actionsEdge).toBe(true);
      expect(column.width).toBeGreaterThanOrEqual(contents.find((c) => c.id === column.id)?.width ?? 0);
    }
    expect(fit.scrollX).toBe(fit.columns.reduce((sum, c) => sum + c.width, 48));
  });

  it('lets the start-fixed columns scroll once the fixed ones would take more than half the table', () => {
    // 1124 px (the sidebar open at 1366): 623 fixed is more than 562
    const fit = fitColumns({ columns: contents, selection: 48, viewport: 1124 });
    expect(fit.selectionFixed).toBe(false);
    expect(fixedSides(fit.columns)).toMatchObject({ title: undefined, actions: 'right' });
    // the selection and title now scroll too, and the first view still ends at the actions
    const at = starts(fit.columns, 48);
    const edge = 1124 - 255;
    expect(Object.values(at).some((begin) => begin === edge)).toBe(true);
    for (const column of fit.columns.filter((c) => !c.fixed)) {
      const begin = at[column.id];
      expect(begin + column.width <= edge || begin >= edge).toBe(true);
    }
  });

  it('fixes nothing on a phone, where the actions alone would take half the screen', () => {
    const fit = fitColumns({ columns: contents, selection: 48, viewport: 328 });
    expect(fit.selectionFixed).toBe(false);
    expect(fit.columns.every((c) => c.fixed === undefined)).toBe(true);
    expect(widths(fit.columns)).toEqual(widths(contents));
    expect(fit.scrollX).toBe(total);
  });

  it('keeps narrow actions fixed on a phone when they leave it more than half', () => {
    const columns: FitColumn[] = [
      { id: 'name', width: 200 },
      { id: 'lead', width: 140 },
      { id: 'actions', width: 110, fixed: 'right' },
    ];
    const fit = fitColumns({ columns, selection: 0, viewport: 328 });
    expect(fit.columns.at(-1)?.fixed).toBe('right');
    // name (200) fits in the 218 px before the actions; lead does not: name takes the rest
    expect(widths(fit.columns)).toEqual({ name: 218, lead: 140, actions: 110 });
  });

  it('leaves the widths alone when not even the first scrolling column fits beside the fixed ones', () => {
    const columns: FitColumn[] = [
      { id: 'wide', width: 400 },
      { id: 'actions', width: 150, fixed: 'right' },
    ];
    const fit = fitColumns({ columns, selection: 0, viewport: 400 });
    expect(widths(fit.columns)).toEqual({ wide: 400, actions: 150 });
  });
});

describe('narrowViewport', () => {
  it('is the width only when the columns are wider than it: a fit depends on nothing else', () => {
    for (const viewport of [undefined, 0, total, total + 300])
      expect(narrowViewport({ columns: contents, selection: 48, viewport })).toBeUndefined();
    expect(narrowViewport({ columns: contents, selection: 48, viewport: total - 1 })).toBe(total - 1);
    // the selection column counts
    expect(narrowViewport({ columns: contents, selection: 0, viewport: total - 1 })).toBeUndefined();
  });
});

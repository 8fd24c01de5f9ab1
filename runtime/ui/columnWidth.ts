// How wide a list column is. A column the schema gives no width gets one from what its cells
// hold, and never less than its header needs on one line: the table has a fixed layout and
// scrolls sideways when the columns add up to more than the page, so a column left to the
// browser would be squeezed to nothing (a phone header wrapping one character a line).
import type { CellKind } from '../schema/fieldTypes.ts';

/** The width a column of each cell kind needs to show a typical value without wrapping. */
const WIDTH_BY_CELL: Record<CellKind, number> = {
  text: 160,
  longText: 220,
  html: 240,
  secret: 90,
  number: 100,
  boolean: 100,
  tag: 100,
  date: 120,
  datetime: 170,
  ref: 140,
  image: 90,
  avatar: 80,
  file: 200,
  link: 200,
  email: 200,
  phone: 140,
  json: 200,
};
/** a multi-valued ref shows a tag per id */
const MULTIPLE_REF_WIDTH = 180;

/** horizontal padding of a cell (antd's middle table: 8px each side) plus the border */
export const CELL_PADDING = 17;
/** the sort carets and the gap before them */
const SORTER_WIDTH = 24;
export const FONT_SIZE = 14;
/** Hangul, CJK, and full-width forms: drawn a full em wide */
const WIDE_CHAR =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/**
 * The width of `text` in the table's font, near enough to size a column: CJK and other wide
 * characters take a full em, the rest about 0.6 em. Measuring the DOM would need a render first.
 */
export function textWidth(text: string, fontSize: number = FONT_SIZE): number {
  let ems = 0;
  for (const char of text) ems += WIDE_CHAR.test(char) ? 1 : 0.6;
  return Math.ceil(ems * fontSize);
}

export interface WidthInput {
  title: string;
  cell: CellKind;
  /** the schema's width, if it gives one */
  width?: number;
  sortable?: boolean;
  multiple?: boolean;
}

/** A column's width: the schema's or its kind's, widened to fit the header on one line. */
export function columnWidth({ title, cell, width, sortable, multiple }: WidthInput): number {
  const byKind = cell === 'ref' && multiple ? MULTIPLE_REF_WIDTH : WIDTH_BY_CELL[cell];
  const header = textWidth(title) + (sortable ? SORTER_WIDTH : 0) + CELL_PADDING;
  return Math.max(width ?? byKind, header);
}

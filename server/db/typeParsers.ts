// How pg turns PostgreSQL's text into values, for every pool the server opens (connect.ts), and
// the variant a list's page is read with.
import pg from 'pg';
import { jsonTime, jsonTimeOfPgText } from '../http/jsonTime.ts';

const DATE_OID = 1082;
const INT8_OID = 20;
const TIMESTAMPTZ_OID = 1184;

const defaultParser = (oid: number, format?: string) => pg.types.getTypeParser(oid, format as 'text');

// `date` columns stay the 'YYYY-MM-DD' text the client sent: pg's default turns them into a
// local-midnight Date, which shifts the day in any time zone west of UTC. int8 comes back as a
// number because counts and sums are far below 2^53 and a string would leak into JSON.
const parserOf = (oid: number, format?: string) => {
  if (oid === DATE_OID) return (value: string) => value;
  if (oid === INT8_OID) return (value: string) => Number(value);
  return defaultParser(oid, format);
};

export const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: parserOf as pg.CustomTypesConfig['getTypeParser'],
};

const parseTimestamptz = defaultParser(TIMESTAMPTZ_OID) as (text: string) => Date | number;

/**
 * A `timestamptz` as the text a JSON answer writes for it, straight from PostgreSQL's text where
 * that is UTC, through a Date otherwise (another session time zone, a BC or five-digit year,
 * infinity, which JSON writes as null).
 */
export function timestamptzAsJsonText(text: string): string | null {
  const fast = jsonTimeOfPgText(text);
  if (fast !== undefined) return fast;
  const parsed = parseTimestamptz(text);
  return typeof parsed === 'number' ? null : jsonTime(parsed);
}

/**
 * PG_TYPES, but times come as the text a JSON answer writes for them: for rows that go nowhere
 * but into a JSON answer (a list's page). Parsing each into a Date (a regular expression and
 * seven numbers) and writing it out again was, with the Dates' garbage, about a twentieth of a
 * list request's CPU time (docs/benchmarks.md, "Lists").
 */
export const JSON_TIME_TYPES: pg.CustomTypesConfig = Object.assign(
  // pg also hands a query's `types` to its Parse message as the parameters' types (node-postgres
  // #1965): an empty list there says "none given", which PostgreSQL's wire format and PGlite's
  // own serializer both take, where a plain object breaks the latter
  [] as number[],
  {
    getTypeParser: ((oid: number, format?: string) =>
      oid === TIMESTAMPTZ_OID && format !== 'binary'
        ? timestamptzAsJsonText
        : parserOf(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
  },
);

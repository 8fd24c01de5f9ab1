// Reads the PostgreSQL errors a write can meet (a unique or foreign-key violation) into the
// field they concern, so the client hears "userName already exists", not SQL.
import type { Resource } from '../../runtime/schema/types.ts';

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
}

const asPg = (error: unknown): PgError =>
  typeof error === 'object' && error !== null ? (error as PgError) : {};

export function isUniqueViolation(error: unknown): boolean {
  return asPg(error).code === '23505';
}

export function isForeignKeyViolation(error: unknown): boolean {
  return asPg(error).code === '23503';
}

/** The field names a unique violation is about, from the error's detail or constraint name. */
export function uniqueViolationFields(resource: Resource, error: unknown): string[] {
  const { detail, constraint } = asPg(error);
  const columns = /Key \(([^)]+)\)=/
    .exec(detail ?? '')?.[1]
    ?.split(',')
    .map((c) => c.trim().replace(/"/g, ''));
  const byColumn = (column: string) => resource.fields.find((f) => f.column === column)?.name;
  const named = (columns ?? []).map(byColumn).filter((n): n is string => Boolean(n));
  if (named.length > 0) return named;
  const fromConstraint = resource.fields
    .filter((f) => f.unique && constraint?.includes(f.column))
    .map((f) => f.name);
  return fromConstraint.length > 0
    ? fromConstraint
    : resource.fields.filter((f) => f.unique).map((f) => f.name);
}

/**
 * An error PostgreSQL raises about a value it was given (class 22, data exception: a number
 * out of range, text it cannot read as the column's type, a NUL character, a date that does
 * not exist), or a NOT NULL or CHECK constraint a value broke. Validation refuses these
 * before they reach the database; this is the safety net that keeps one it missed a 400.
 */
export function isInputError(error: unknown): boolean {
  const code = asPg(error).code;
  return typeof code === 'string' && (code.startsWith('22') || code === '23502' || code === '23514');
}

/**
 * A deadlock (40P01) or a serialization failure (40001): PostgreSQL aborted the transaction
 * because of another one running at the same time; the same transaction tried again can pass.
 */
export function isRetryableConflict(error: unknown): boolean {
  const { code } = asPg(error);
  return code === '40P01' || code === '40001';
}

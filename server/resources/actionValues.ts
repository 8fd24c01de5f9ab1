// The values an action with `set` writes: what its form asked for, then its fixed values, with
// "now" on a date or datetime field read as the server's current time (runtime/schema/types.ts,
// Action.set).
import { NOW } from '../../runtime/schema/coerceLiteral.ts';
import type { Action, Resource } from '../../runtime/schema/types.ts';

/** YYYY-MM-DD in the server's time zone: "today" where the school is, not in Greenwich. */
export function localDate(now: Date): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

export function actionValues(
  resource: Resource,
  action: Action,
  formValues: Record<string, unknown>,
  now: Date = new Date(),
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...formValues };
  for (const [name, value] of Object.entries(action.set ?? {})) {
    const type = resource.fields.find((f) => f.name === name)?.type;
    if (value === NOW && type === 'datetime') values[name] = now.toISOString();
    else if (value === NOW && type === 'date') values[name] = localDate(now);
    else values[name] = value;
  }
  return values;
}

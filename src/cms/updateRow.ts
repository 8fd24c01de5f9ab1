import type { ResourceClient, Row } from '../../runtime/client/resourceClient.ts';
import { writableFields } from '../../runtime/schema/writable.ts';

/**
 * PUT {endpoint}/{id} takes the whole form (docs/api.md): the row's own values of every field
 * writable on update, with `changes` on top. The configuration pages change one or two fields
 * of a row this way without a form.
 */
export function updateRow(client: ResourceClient, row: Row, changes: Record<string, unknown>): Promise<Row> {
  const values: Record<string, unknown> = {};
  for (const field of writableFields(client.resource, 'update').fields) values[field.name] = row[field.name];
  return client.update(row.id, { ...values, ...changes });
}

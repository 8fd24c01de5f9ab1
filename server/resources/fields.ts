// Which fields of a resource take part in what: join-table fields and the fields a response
// shows. Which fields a client may write is runtime/schema's writableFields.
import type { Action, Field, Resource } from '../../runtime/schema/types.ts';
import { type JoinTable, joinTableFor } from '../db/joinTables.ts';

export function joinOf(resource: Resource, field: Field): JoinTable | undefined {
  return joinTableFor(resource, field);
}

/** Fields a response carries: everything but write-only ones (passwords). */
export function readableFields(resource: Resource): Field[] {
  return resource.fields.filter((f) => !f.writeOnly);
}

export function fieldByName(resource: Resource, name: string): Field | undefined {
  return resource.fields.find((f) => f.name === name);
}

export function findAction(resource: Resource, name: string): Action | undefined {
  return resource.actions.find((a) => a.name === name);
}

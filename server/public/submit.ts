// A submission to the public content service (a message to a mailbox): the body is checked
// against `public.submit` only, references must point at rows the public can see, and each
// address may send only so many per window. The count lives in the audit log, so it holds
// across restarts and across processes sharing one database.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Manifest, Resource } from '../../runtime/schema/types.ts';
import type { Db } from '../db/tables.ts';
import { badRequest, tooManyRequests } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import { readInput } from '../resources/input.ts';
import type { ResourceStore } from '../resources/store.ts';
import type { SecurityConfig } from '../security.ts';

/** How a public submission is named in the audit log. */
export const SUBMIT_AUDIT_ACTION = 'submit';

export interface SubmitContext {
  db: Db;
  manifest: Manifest;
  security: SecurityConfig;
  stores: Map<string, ResourceStore>;
}

async function checkRate(context: SubmitContext, resource: Resource, address: string): Promise<void> {
  const { publicSubmitLimit, publicSubmitWindowMs } = context.security;
  const row = await context.db
    .selectFrom('sys_audit_log')
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<number>`extract(epoch from (min(created_at) + ${publicSubmitWindowMs} * interval '1 millisecond' - now()))`.as(
        'wait',
      ),
    ])
    .where('action', '=', SUBMIT_AUDIT_ACTION)
    .where('resource', '=', resource.name)
    .where('address', '=', address)
    .where('created_at', '>', sql<Date>`now() - ${publicSubmitWindowMs} * interval '1 millisecond'`)
    .executeTakeFirstOrThrow();
  if (row.n >= publicSubmitLimit) {
    throw tooManyRequests(Math.max(1, Math.ceil(Number(row.wait))), SERVER_MESSAGES.tooManySubmissions);
  }
}

/** A reference the public sends must name a row the referenced resource itself publishes. */
async function checkPublishedReferences(
  context: SubmitContext,
  resource: Resource,
  values: Record<string, unknown>,
): Promise<void> {
  const errors: Record<string, string> = {};
  for (const field of resource.fields) {
    const value = values[field.name];
    if (field.type !== 'ref' || value === undefined || value === null) continue;
    const target = context.manifest.resources.find((r) => r.name === field.ref);
    const store = target && context.stores.get(target.name);
    const ids = (Array.isArray(value) ? value : [value]).map(Number);
    for (const id of ids) {
      const seen = target?.public && store ? await store.find(id, target.public.views[0].where) : undefined;
      if (!seen) {
        errors[field.name] = `unknown ${field.ref} id ${id}`;
        break;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

export async function submitPublic(
  context: SubmitContext,
  resource: Resource,
  request: FastifyRequest,
): Promise<{ id: number }> {
  // checked first, so an address over its limit costs one count and nothing more
  await checkRate(context, resource, request.ip);
  const values = readInput(resource, 'public', request.body, requestLang(request));
  await checkPublishedReferences(context, resource, values);
  const row = await context.stores
    .get(resource.name)!
    .create(values, { auth: null, address: request.ip, lang: requestLang(request) }, SUBMIT_AUDIT_ACTION);
  // only the id: the row holds what the writer typed, personal details included
  return { id: row.id };
}

// The history of a row of a resource with `revisions: true` (docs/api.md, "Revisions"): its
// revisions newest first, one of them with its values, and a restore, which is an update of the
// row to those values: the same checks as an edit (validation, references, field write
// permissions, the version the caller read), and a new revision of its own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionCode } from '../../runtime/schema/manifest.ts';
import type { Lang, Resource } from '../../runtime/schema/types.ts';
import { writableFields } from '../../runtime/schema/writable.ts';
import { actorOf } from '../http/actor.ts';
import { ok } from '../http/envelope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { asRecord, idParam } from '../http/params.ts';
import { parseId } from './coerce.ts';
import { findAction } from './fields.ts';
import { readInput } from './input.ts';
import { parseQuery } from './listQuery.ts';
import type { ResourceStore } from './store.ts';
import { splitVersion } from './version.ts';

/** The action a restore is recorded under, in the audit log and the revisions. */
export const RESTORE_ACTION = 'restore';

/** The `:revision` of the path: a positive whole number, else a 400 naming it. */
function revisionParam(request: FastifyRequest, lang: Lang): number {
  const revision = parseId((request.params as { revision?: string }).revision);
  if (revision === null) {
    throw badRequest({
      revision:
        lang === 'zh'
          ? 'revision 必须是版本号（正整数）'
          : 'revision must be a revision number (a positive whole number)',
    });
  }
  return revision;
}

function revisionMissing(resource: Resource, id: number, revision: number) {
  return notFound({
    zh: `${resource.singular.zh} ${id} 没有版本 ${revision}`,
    en: `${resource.name} ${id} has no revision ${revision}`,
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What a restore writes: every field the edit form writes, from the revision where it has the
 * field and from the row as it is where it does not (a field added since). A field that needs a
 * write permission is sent only when the restore changes it, so restoring a revision that left it
 * alone needs no more than an edit that leaves it alone.
 */
export function restoreValues(
  resource: Resource,
  data: Record<string, unknown>,
  current: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of writableFields(resource, 'update').fields) {
    const value = Object.hasOwn(data, field.name) ? data[field.name] : current[field.name];
    if (field.writePermission !== undefined && same(value, current[field.name])) continue;
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

export function registerRevisionRoutes(app: FastifyInstance, store: ResourceStore): void {
  const { resource } = store;
  if (!resource.revisions) return;
  const base = `${resource.endpoint}/:id/revisions`;
  const listCode = permissionCode(resource, 'list');

  app.get(base, { config: { access: { permission: listCode } } }, async (request) => {
    const id = idParam(request, resource.name);
    const lang = requestLang(request);
    const { page, limit } = parseQuery(resource, asRecord(request.query), { filters: [], sort: [], lang });
    return ok(await store.revisions.list(app.db, id, page, limit));
  });

  app.get(`${base}/:revision`, { config: { access: { permission: listCode } } }, async (request) => {
    const id = idParam(request, resource.name);
    const revision = revisionParam(request, requestLang(request));
    const found = await store.revisions.get(app.db, id, revision);
    if (!found) throw revisionMissing(resource, id, revision);
    return ok(found);
  });

  // restoring is editing: without the update action there is nothing to restore with
  const update = findAction(resource, 'update');
  if (!update) return;
  app.post(
    `${base}/:revision/restore`,
    { config: { access: { permission: update.permission } } },
    async (request) => {
      const id = idParam(request, resource.name);
      const lang = requestLang(request);
      const revision = revisionParam(request, lang);
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw badRequest({
          '': lang === 'zh' ? '请求体须为 { version }' : 'the body must be an object: { version }',
        });
      }
      // the version the caller read: a row saved since is a 409 with the current row, as an edit
      const { version, rest } = splitVersion(body, lang);
      const extra = Object.keys(rest)[0];
      if (extra !== undefined) {
        throw badRequest({ [extra]: lang === 'zh' ? '恢复只接受 version' : 'a restore takes only version' });
      }
      const found = await store.revisions.get(app.db, id, revision);
      if (!found) throw revisionMissing(resource, id, revision);
      const current = await store.get(id);
      const values = readInput(resource, 'update', restoreValues(resource, found.data, current), lang);
      return ok(await store.update(id, values, actorOf(request), version, RESTORE_ACTION));
    },
  );
}

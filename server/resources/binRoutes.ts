// The recycle bin of a resource with `softDelete: true` (docs/api.md, "Recycle bin"): its rows,
// the latest binned first; a restore of one or many; a purge of one or many. Who may delete
// may see the bin and restore from it (putting back what one may take away); deleting for good
// is the `purge` button, a permission of its own.
import type { FastifyInstance } from 'fastify';
import { findBinAction } from '../../runtime/schema/recycleBin.ts';
import { actorOf } from '../http/actor.ts';
import { ok } from '../http/envelope.ts';
import { badRequest } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { asRecord } from '../http/params.ts';
import { coerceIds } from './coerce.ts';
import { splitBatchBody } from './input.ts';
import { listPageFields, parseQuery } from './listQuery.ts';
import type { ResourceStore } from './store.ts';

/** The body's `ids` (one or many), each a row id, else a 400 naming `ids`; nothing else is taken. */
function binIds(body: unknown): number[] {
  const { ids, rest } = splitBatchBody(body);
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw badRequest(Object.fromEntries(unknown.map((k) => [k, 'not a parameter of this call'])));
  const parsed = coerceIds(ids);
  if (!parsed.ok) throw badRequest({ ids: parsed.message });
  return parsed.ids;
}

export function registerBinRoutes(app: FastifyInstance, store: ResourceStore): void {
  const { resource } = store;
  const remove = findBinAction(resource, 'remove');
  if (!resource.softDelete || !remove) return;
  const access = { access: { permission: remove.permission } };
  const base = `${resource.endpoint}/bin`;
  const fields = listPageFields(resource, app.manifest);

  app.get(base, { config: access }, async (request) => {
    const query = parseQuery(resource, asRecord(request.query), {
      filters: [],
      sort: [],
      lang: requestLang(request),
    });
    return ok(await store.bin({ ...query, fields }));
  });

  app.post(`${base}/restore`, { config: access }, async (request) =>
    ok(await store.restore(binIds(request.body), actorOf(request))),
  );

  const purge = findBinAction(resource, 'purge');
  if (purge)
    app.delete(base, { config: { access: { permission: purge.permission } } }, async (request) =>
      ok(await store.purge(binIds(request.body), actorOf(request))),
    );
}

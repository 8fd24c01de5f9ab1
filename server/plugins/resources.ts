// Generic CRUD routes for every resource in the manifest, at the paths and under the
// permission codes its actions declare (docs/api.md, "Generic resource endpoints"). The stores
// are shared on the instance so the sys plugin's extras write through the same code.
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EXPORT_LIMIT_HEADER, EXPORT_ROWS_HEADER } from '../../runtime/contract.ts';
import { permissionCode } from '../../runtime/schema/manifest.ts';
import type { Action } from '../../runtime/schema/types.ts';
import { readOneFile } from '../files/multipartFile.ts';
import { actorOf } from '../http/actor.ts';
import { ok } from '../http/envelope.ts';
import { badRequest } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import { asRecord, idParam } from '../http/params.ts';
import { routePath } from '../http/routePath.ts';
import { registerPreviewRoute } from '../public/preview.ts';
import { actionValues } from '../resources/actionValues.ts';
import { registerBinRoutes } from '../resources/binRoutes.ts';
import { coerceIds } from '../resources/coerce.ts';
import { registerDraftRoutes } from '../resources/draftRoutes.ts';
import { exportColumns, labelledFields } from '../resources/exportColumns.ts';
import { findAction } from '../resources/fields.ts';
import type { HooksByResource } from '../resources/hooks.ts';
import { importRows } from '../resources/importRows.ts';
import { readInput, splitBatchBody } from '../resources/input.ts';
import { listPageFields, parseListQuery } from '../resources/listQuery.ts';
import { readOrderRequest } from '../resources/orderRequest.ts';
import { registerRevisionRoutes } from '../resources/revisionRoutes.ts';
import { RowOrder } from '../resources/rowOrder.ts';
import { EXPORT_MAX_ROWS, ResourceStore } from '../resources/store.ts';
import { splitVersion } from '../resources/version.ts';
import { exportWorkbook } from '../resources/xlsx.ts';
import './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** one store per resource name */
    stores: Map<string, ResourceStore>;
  }
}

export interface ResourcesOptions {
  hooks: HooksByResource;
}

function batchIds(ids: unknown): number[] {
  const parsed = coerceIds(ids);
  if (!parsed.ok) throw badRequest({ ids: parsed.message });
  return parsed.ids;
}

function registerResource(app: FastifyInstance, store: ResourceStore): void {
  const { resource } = store;
  const listCode = permissionCode(resource, 'list');
  const action = (name: string): Action | undefined => findAction(resource, name);

  const pageFields = listPageFields(resource, app.manifest);
  app.get(resource.endpoint, { config: { access: { permission: listCode } } }, async (request) => {
    // the rows with a pending draft are marked (a resource with `drafts: true`)
    const query = parseListQuery(resource, asRecord(request.query), [], requestLang(request));
    return ok(await store.list({ ...query, fields: pageFields }, { drafts: true }));
  });

  app.get(`${resource.endpoint}/:id`, { config: { access: { permission: listCode } } }, async (request) =>
    ok(await store.get(idParam(request, resource.name))),
  );

  const route = (
    a: Action | undefined,
    handler: (request: FastifyRequest, reply: FastifyReply, a: Action) => Promise<unknown>,
  ) => {
    if (!a) return;
    app.route({
      method: a.method,
      url: routePath(a.path),
      config: { access: { permission: a.permission } },
      handler: (request, reply) => handler(request, reply, a),
    });
  };

  route(action('create'), async (request) =>
    ok(
      await store.create(readInput(resource, 'create', request.body, requestLang(request)), actorOf(request)),
    ),
  );

  route(action('update'), async (request) => {
    const id = idParam(request, resource.name);
    const lang = requestLang(request);
    // the version the client read, when it sent one: a stale one is a 409 with the current row
    const { version, rest } = splitVersion(request.body, lang);
    const values = readInput(resource, 'update', rest, lang);
    return ok(await store.update(id, values, actorOf(request), version));
  });

  route(action('delete'), async (request) => {
    const id = idParam(request, resource.name);
    await store.remove([id], actorOf(request), 'delete');
    return ok({ id });
  });

  route(action('batchDelete'), async (request) => {
    const ids = batchIds(splitBatchBody(request.body).ids);
    return ok(await store.remove(ids, actorOf(request), 'batchDelete'));
  });

  route(action('batchUpdate'), async (request) => {
    const { ids, rest } = splitBatchBody(request.body);
    const values = readInput(resource, { action: 'batchUpdate' }, rest, requestLang(request));
    if (Object.keys(values).length === 0) throw badRequest({ '': SERVER_MESSAGES.noFieldToSet });
    return ok(await store.updateMany(batchIds(ids), values, actorOf(request)));
  });

  // Custom actions that declare `set` are writes of known values: served here. Custom actions
  // without it need a handler of their own (the sys plugin's, for users and menus).
  for (const custom of resource.actions.filter((a) => !a.standard && a.set)) {
    const onRow = custom.path.includes('{id}');
    route(custom, async (request) => {
      const body = onRow ? request.body : splitBatchBody(request.body).rest;
      const form = readInput(resource, { action: custom.name }, body ?? {}, requestLang(request));
      const values = actionValues(resource, custom, form);
      const ids = onRow ? [idParam(request, resource.name)] : batchIds(splitBatchBody(request.body).ids);
      // `when` says on which rows the action is offered; the server holds to it as well
      const result = await store.updateMany(ids, values, actorOf(request), {
        action: custom.name,
        when: custom.when,
      });
      return ok(onRow ? await store.get(ids[0]) : result);
    });
  }

  // the rows' own order, moved in one transaction (docs/api.md, "Order")
  if (resource.order) {
    const order = new RowOrder(app.db, resource, app.security);
    route(action('reorder'), async (request) =>
      ok(await order.reorder(readOrderRequest(request.body), actorOf(request))),
    );
  }

  // a row's saved states, when the resource keeps them (docs/api.md, "Revisions")
  registerRevisionRoutes(app, store);
  // a row's pending draft (docs/api.md, "Drafts") and its public preview ("Preview")
  registerDraftRoutes(app, store);
  registerPreviewRoute(app, store);
  // the recycle bin, when deleting moves rows there (docs/api.md, "Recycle bin")
  registerBinRoutes(app, store);

  route(action('import'), async (request) => {
    const { bytes } = await readOneFile(request, app.security.importLimit);
    return ok(
      await importRows(store, app.manifest, app.db, bytes, {
        lang: requestLang(request),
        actor: actorOf(request),
        maxRows: app.security.importMaxRows,
      }),
    );
  });

  // the rows as users read them, streamed batch by batch (docs/api.md, "Export")
  route(action('export'), async (request, reply) => {
    const { ids, rest } = splitBatchBody(request.body);
    const { lang: rawLang, columns, ...params } = rest;
    const lang = rawLang === 'en' || rawLang === 'zh' ? rawLang : requestLang(request);
    const fields = exportColumns(resource, columns);
    const query = parseListQuery(resource, params, [], requestLang(request));
    // the ids are read before the answer starts, so a bad query is still a 4xx, not a cut stream
    const { count, truncated, batches } = await store.exportBatches(query, {
      ids: ids === undefined || ids === '' ? undefined : batchIds(ids),
      fields: fields.map((f) => f.name),
    });
    const labelled = labelledFields(app.manifest, fields, request.auth!.grants);
    const workbook = exportWorkbook({
      db: app.db,
      manifest: app.manifest,
      resource,
      fields,
      labelled,
      lang,
      batches,
    });
    // the rows written, and when more matched than an export holds, that limit (the page says so)
    reply.header(EXPORT_ROWS_HEADER, String(count));
    if (truncated) reply.header(EXPORT_LIMIT_HEADER, String(EXPORT_MAX_ROWS));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(`${resource.name}.xlsx`))
      .send(Readable.from(workbook));
  });
}

async function resources(app: FastifyInstance, options: ResourcesOptions): Promise<void> {
  const stores = new Map<string, ResourceStore>();
  for (const resource of app.manifest.resources) {
    stores.set(
      resource.name,
      new ResourceStore(
        app.db,
        resource,
        app.manifest,
        app.security,
        options.hooks[resource.name],
        app.jobQueue,
        app.counts,
      ),
    );
  }
  app.decorate('stores', stores);
  for (const store of stores.values()) registerResource(app, store);
}

export default fp(resources, {
  name: 'resources',
  fastify: '5.x',
  dependencies: ['context', 'auth', 'files', 'jobs'],
});

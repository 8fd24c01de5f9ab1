// The preview of a row (docs/api.md, "Preview"): the row as the public content service's
// one-row call would return it (the same fields, the same cleaning), whether or not the public
// may see it now (unpublished, scheduled, expired), optionally with its pending draft applied.
// Staff only: the resource's list permission, as reading the row in the admin needs.
import type { FastifyInstance } from 'fastify';
import { permissionCode } from '../../runtime/schema/manifest.ts';
import { ok } from '../http/envelope.ts';
import { badRequest } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { asRecord, idParam } from '../http/params.ts';
import type { ResourceStore } from '../resources/store.ts';
import { project } from './views.ts';
import { visibilityClauses } from './visibility.ts';

const YES = new Set(['true', '1']);
const NO = new Set(['false', '0', '']);

export function registerPreviewRoute(app: FastifyInstance, store: ResourceStore): void {
  const { resource } = store;
  const exposure = resource.public;
  if (!exposure) return;
  const detail = exposure.views.find((v) => v.shape === 'one' && v.by === 'id');
  const where = detail?.where ?? (exposure.where ? [exposure.where] : []);

  app.get(
    `${resource.endpoint}/:id/preview`,
    { config: { access: { permission: permissionCode(resource, 'list') } } },
    async (request) => {
      const id = idParam(request, resource.name);
      const lang = requestLang(request);
      const { draft: rawDraft, ...rest } = asRecord(request.query);
      const extra = Object.keys(rest)[0];
      if (extra !== undefined) {
        throw badRequest({ [extra]: lang === 'zh' ? '预览只接受 draft 参数' : 'a preview takes only draft' });
      }
      const wanted = String(rawDraft ?? '');
      if (!YES.has(wanted) && !NO.has(wanted)) {
        throw badRequest({
          draft: lang === 'zh' ? 'draft 须为 true 或 false' : 'draft must be true or false',
        });
      }
      const row = await store.get(id);
      const draft = YES.has(wanted) && resource.drafts ? await store.drafts.get(app.db, id) : undefined;
      // whether the public service serves the row now, by the same conditions as its one-row call
      const served = await store.find(id, where, visibilityClauses(resource, app.manifest));
      return ok({
        row: project(resource, draft ? { ...row, ...draft.data } : row, detail?.fields ?? exposure.fields),
        draft: draft ? { updatedAt: draft.updatedAt, updatedBy: draft.updatedBy } : null,
        public: served !== undefined,
      });
    },
  );
}

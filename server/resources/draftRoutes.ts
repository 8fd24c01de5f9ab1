// The draft of a row of a resource with `drafts: true` (docs/api.md, "Drafts"): read it, save it
// (the edit form's autosave), discard it, publish it. Saving checks the values as an edit would,
// none yet required; publishing is an update of the row to the draft's values, with every check
// of an edit (validation, references, field write permissions, the version the draft started
// from, a revision, the audit log), and removes the draft in the same transaction.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionCode } from '../../runtime/schema/manifest.ts';
import type { Lang, Resource } from '../../runtime/schema/types.ts';
import { checkFieldPermissions } from '../auth/fieldAccess.ts';
import { actorOf } from '../http/actor.ts';
import { ok } from '../http/envelope.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { idParam } from '../http/params.ts';
import { draftFields, editedValues } from './drafts.ts';
import { findAction } from './fields.ts';
import { readInput } from './input.ts';
import { restoreValues } from './revisionRoutes.ts';
import { sanitizeRichText } from './richText.ts';
import type { ResourceStore } from './store.ts';
import { splitVersion } from './version.ts';

/** The action a published draft is recorded under, in the audit log and the revisions. */
export const PUBLISH_DRAFT_ACTION = 'publishDraft';

function noDraft(resource: Resource, id: number) {
  return notFound({
    zh: `${resource.singular.zh} ${id} 没有草稿`,
    en: `${resource.name} ${id} has no draft`,
  });
}

/** The body as an object, else a 400 saying what it must be. */
function objectBody(request: FastifyRequest, lang: Lang, shape: string): Record<string, unknown> {
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest({ '': lang === 'zh' ? `请求体须为 ${shape}` : `the body must be an object: ${shape}` });
  }
  return body as Record<string, unknown>;
}

const blank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A draft's values, checked as an edit's: unknown and read-only fields refused, every value of
 * its type and within its limits. A field emptied is kept empty without a check, even a required
 * one: a draft may be unfinished; publishing it checks the row it makes as an edit does.
 */
function readDraftInput(
  resource: Resource,
  body: Record<string, unknown>,
  lang: Lang,
): Record<string, unknown> {
  const names = new Set(draftFields(resource).map((f) => f.name));
  const emptied = Object.keys(body).filter((name) => names.has(name) && blank(body[name]));
  const rest = Object.fromEntries(Object.entries(body).filter(([name]) => !emptied.includes(name)));
  const values = readInput(resource, 'draft', rest, lang);
  for (const name of emptied) values[name] = null;
  return values;
}

export function registerDraftRoutes(app: FastifyInstance, store: ResourceStore): void {
  const { resource } = store;
  const update = findAction(resource, 'update');
  // a draft is an edit not yet saved: without the update action there is none
  if (!resource.drafts || !update) return;
  const base = `${resource.endpoint}/:id/draft`;
  const listCode = permissionCode(resource, 'list');
  const write = { config: { access: { permission: update.permission } } };

  app.get(base, { config: { access: { permission: listCode } } }, async (request) => {
    const id = idParam(request, resource.name);
    await store.get(id);
    const draft = await store.drafts.get(app.db, id);
    if (!draft) return ok(null);
    const { id: _id, ...shown } = draft;
    return ok(shown);
  });

  app.put(base, write, async (request) => {
    const id = idParam(request, resource.name);
    const lang = requestLang(request);
    const auth = request.auth!;
    // `version`: the version of the row the editor started from, kept with a new draft
    const { version, rest } = splitVersion(objectBody(request, lang, '{ version, …fields }'), lang);
    const values = readDraftInput(resource, rest, lang);
    for (const field of resource.fields) {
      const value = values[field.name];
      // shown to whoever opens or previews the draft: cleaned as a saved row's is
      if (field.type === 'richtext' && typeof value === 'string')
        values[field.name] = sanitizeRichText(value);
    }
    const current = await store.get(id);
    const edited = editedValues(resource, values, current);
    checkFieldPermissions(resource, edited, auth, false);
    if (Object.keys(edited).length === 0) {
      // edited back to the row as it is: there is nothing left to publish
      await store.drafts.remove(app.db, id);
      return ok(null);
    }
    const existing = await store.drafts.get(app.db, id);
    const baseVersion = existing?.baseVersion ?? version ?? Number(current.version);
    return ok(
      await store.drafts.save(app.db, id, edited, baseVersion, {
        userId: auth.userId,
        userName: auth.userName,
      }),
    );
  });

  app.delete(base, write, async (request) => {
    const id = idParam(request, resource.name);
    await store.get(id);
    await store.drafts.remove(app.db, id);
    return ok({ id });
  });

  app.post(`${base}/publish`, write, async (request) => {
    const id = idParam(request, resource.name);
    const lang = requestLang(request);
    const extra = Object.keys(objectBody(request, lang, '{}'))[0];
    if (extra !== undefined) {
      throw badRequest({
        [extra]: lang === 'zh' ? '发布草稿不接受参数' : 'publishing a draft takes no values',
      });
    }
    const draft = await store.drafts.get(app.db, id);
    if (!draft) throw noDraft(resource, id);
    const current = await store.get(id);
    // the whole row as the draft would leave it, checked as an edit: a draft saved incomplete
    // (a required field emptied) is refused here, naming the field
    const asSent = JSON.parse(JSON.stringify(current)) as Record<string, unknown>;
    const values = readInput(resource, 'update', restoreValues(resource, draft.data, asSent), lang);
    const row = await store.update(
      id,
      values,
      actorOf(request),
      draft.baseVersion,
      PUBLISH_DRAFT_ACTION,
      async (trx) => {
        // the draft as it was read: one saved again meanwhile is not published unseen
        if (!(await store.drafts.remove(trx, id, draft.id, draft.data))) {
          throw new ApiError(
            409,
            lang === 'zh'
              ? '草稿在发布时被修改，请重新查看后再发布'
              : 'the draft changed while publishing; look again',
          );
        }
      },
    );
    return ok(row);
  });
}

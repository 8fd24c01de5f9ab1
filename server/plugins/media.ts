// The media library (docs/api.md "Media library"): the uploads listed for reuse in any field or
// rich text, and the ones no row uses any more, removable in one call. Browsing is for whoever
// may upload (the permissions of uploadAccess.ts: a file chosen here ends up in the same fields);
// removing is for administrators, since a file may serve every resource and no grant covers
// them all.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PATHS, type UnusedMediaList } from '../../runtime/contract.ts';
import { fileColumns, usedBases } from '../files/fileReferences.ts';
import { listMedia, readMediaQuery } from '../files/mediaLibrary.ts';
import { readNames, removeUnusedRecords } from '../files/unusedFiles.ts';
import { uploadPermissions } from '../files/uploadAccess.ts';
import { actorOf } from '../http/actor.ts';
import { ok } from '../http/envelope.ts';
import { forbidden } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import { asRecord } from '../http/params.ts';
import './types.ts';

async function media(app: FastifyInstance): Promise<void> {
  const browse = { config: { access: { permission: uploadPermissions(app.manifest) } } };
  const columns = fileColumns(app.manifest);

  app.get(API_PATHS.media, browse, async (request) =>
    ok(await listMedia(app.db, readMediaQuery(asRecord(request.query), requestLang(request)))),
  );

  app.get(API_PATHS.mediaUnused, browse, async (request) => {
    const query = readMediaQuery(asRecord(request.query), requestLang(request));
    const used = await usedBases(app.db, columns);
    const list = await listMedia(app.db, query, { used, graceMs: app.security.unusedFileGraceMs });
    const data: UnusedMediaList = { ...list, mayRemove: request.auth!.grants.isAdmin };
    return ok(data);
  });

  app.delete(API_PATHS.mediaUnused, browse, async (request) => {
    if (!request.auth!.grants.isAdmin) throw forbidden(SERVER_MESSAGES.unusedRemovalRefused);
    const names = readNames(asRecord(request.body).names);
    const removed = await removeUnusedRecords(app.db, app.manifest, names, actorOf(request), {
      graceMs: app.security.unusedFileGraceMs,
      attempts: app.security.writeAttempts,
    });
    await app.files.discard('upload', removed);
    return ok({ count: names.length, removed });
  });
}

export default fp(media, { name: 'media', fastify: '5.x', dependencies: ['context', 'auth', 'files'] });

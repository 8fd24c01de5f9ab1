// Attachments of published content (docs/api.md "Attachments of published content"): an upload
// a row of the public content service uses is served to anyone at /api/cms/web/files/{name},
// while that row is published; a 404 before and after. Images are shown inline, anything else
// comes as an attachment. Exports never: they are not uploads.
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_FILES_PREFIX } from '../../runtime/contract.ts';
import { isPublicImage } from '../files/fileTypes.ts';
import { isStoredName } from '../files/paths.ts';
import { sendStored } from '../files/sendStored.ts';
import { notFound } from '../http/errors.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import { isPublishedFile, publicFileFields } from '../public/fileVisibility.ts';
import { IMAGE_HEADERS } from './files.ts';
import './types.ts';

async function publicFiles(app: FastifyInstance): Promise<void> {
  const fields = publicFileFields(app.manifest);
  app.get(
    `${PUBLIC_FILES_PREFIX}:name`,
    {
      config: { access: { public: true }, publicMaxAge: app.security.publicMaxAge },
      // nothing served here may run as a page; the public site links it from its own origin
      helmet: IMAGE_HEADERS,
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      const record = isStoredName(name) ? await app.files.find(name, 'upload') : undefined;
      // visibility before the ETag: an unpublished file is a 404 even to a cache that had it
      if (!record || !(await isPublishedFile(app.stores, app.manifest, fields, name)))
        throw notFound(SERVER_MESSAGES.fileNotFound);
      const bytes = await app.files.open(record);
      return sendStored(request, reply, bytes, {
        etag: `"${record.name}"`,
        type: record.mime,
        disposition: contentDisposition(record.original_name, {
          type: isPublicImage(record) ? 'inline' : 'attachment',
        }),
      });
    },
  );
}

export default fp(publicFiles, {
  name: 'publicFiles',
  fastify: '5.x',
  dependencies: ['context', 'auth', 'files', 'resources'],
});

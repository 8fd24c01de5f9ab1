// The API's description (docs/api.md "API description"): the OpenAPI document generated from the
// manifest this server runs (runtime/schema/openapi.ts) at /api/openapi.json, and Swagger UI
// reading it at /api/docs. Both are public: the document holds paths, field names and permission
// codes, never data, and every call it describes checks its own access; a browser opening
// /api/docs has no X-Token to send (the UI's Authorize button takes one for "Try it out").
//
// The UI's files come from @fastify/swagger-ui's copy of swagger-ui-dist, served here rather than
// by that plugin's routes because every /api/ route must declare its access (plugins/auth.ts),
// which the plugin's routes cannot. The page has no inline script or style element, so the app's
// Content-Security-Policy (plugins/headers.ts) holds for it unchanged.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_DOCS_PATH, buildOpenApi, OPENAPI_PATH } from '../../runtime/schema/openapi.ts';
import { notFound } from '../http/errors.ts';
import './types.ts';

const uiDir = join(
  dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
  'static',
);

const ASSETS_PATH = `${API_DOCS_PATH}/static`;

/** The files the page loads, by name: nothing else in the folder is served. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Starts the UI on the document; a file of its own, as the policy allows no inline script. */
const STARTER = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: false,
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>schema-admin API</title>
<link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${ASSETS_PATH}/start.js"></script>
</body>
</html>
`;

async function apiDocs(app: FastifyInstance): Promise<void> {
  const document = JSON.stringify(buildOpenApi(app.manifest));
  const config = { access: { public: true } as const };

  app.get(OPENAPI_PATH, { config }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );

  app.get(API_DOCS_PATH, { config }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );

  app.get(`${ASSETS_PATH}/start.js`, { config }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(STARTER),
  );

  app.get(`${ASSETS_PATH}/:file`, { config }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) throw notFound('file not found');
    return reply.type(type).send(await readFile(join(uiDir, file)));
  });
}

export default fp(apiDocs, { name: 'apiDocs', fastify: '5.x', dependencies: ['context', 'auth'] });

// What a request may carry before any route reads it: JSON no deeper than MAX_JSON_DEPTH
// (refused from the text, before anything recursive walks it), only the body types the API
// takes (JSON, form-encoded, multipart; Fastify's text/plain is dropped), and no NUL character
// in the body, the query, the path or a header, since PostgreSQL text cannot hold one.
// Registered with fastify-plugin so its parser and hook cover every route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findNul, jsonTooDeep, MAX_JSON_DEPTH } from '../../runtime/schema/inputLimits.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';
import { badRequest } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';

/** The first place of the request holding a NUL character, named as the client named it. */
function nulIn(request: FastifyRequest): string | undefined {
  for (const value of [request.params, request.query, request.body]) {
    const path = findNul(value);
    if (path !== undefined) return path || 'body';
  }
  for (const [name, value] of Object.entries(request.headers)) {
    if (findNul(value) !== undefined) return name;
  }
  return undefined;
}

async function requestInput(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // an empty JSON body says as much as no body: the route's own checks decide what is missing
    if (text.trim() === '') return done(null, undefined);
    if (jsonTooDeep(text)) {
      const lang = requestLang(request);
      const title = lang === 'zh' ? '请求体' : 'The body';
      return done(badRequest({ body: validationMessage(lang, 'tooDeep', { title, limit: MAX_JSON_DEPTH }) }));
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    const where = nulIn(request);
    if (where !== undefined) {
      throw badRequest({ [where]: validationMessage(requestLang(request), 'nul', { title: where }) });
    }
  });
}

export default fp(requestInput, { name: 'requestInput', fastify: '5.x', dependencies: ['envelope'] });

// Every answer in the envelope, errors included, with the status docs/api.md gives. Fastify's
// own client errors (bad JSON, too large, wrong content type) keep their status and their
// plain message; anything else is a 500 whose message says nothing about the cause.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { INTERNAL_ERROR_MESSAGE } from '../../runtime/contract.ts';
import { failure } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';

const CLIENT_MESSAGES: Record<number, string> = {
  413: 'request body too large',
  415: 'unsupported content type',
  429: 'too many requests',
};

async function envelope(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).headers(error.headers).send(failure(error.message, error.data));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if ((error as FastifyError).validation) {
      const errors: Record<string, string> = {};
      for (const item of (error as FastifyError).validation ?? []) {
        const field = item.instancePath.replace(/^\//, '') || String(item.params?.missingProperty ?? 'body');
        errors[field] = item.message ?? 'invalid';
      }
      return reply.code(400).send(failure('validation failed', { errors }));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors describe the request, never the server; others may not.
      const own = (error as FastifyError).code?.startsWith('FST_') ? error.message : undefined;
      return reply.code(status).send(failure(CLIENT_MESSAGES[status] ?? own ?? 'bad request'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(failure(INTERNAL_ERROR_MESSAGE));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(failure(`not found: ${request.method} ${request.url.split('?')[0]}`));
  });
}

export default fp(envelope, { name: 'envelope', fastify: '5.x' });

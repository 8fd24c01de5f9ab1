// Every answer in the envelope, errors included, with the status docs/api.md gives, and its
// message in the language the request asks for (http/lang.ts). Fastify's own client errors (bad
// JSON, too large, wrong content type) keep their status and a message of ours; anything else is
// a 500 whose message says nothing about the cause.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { I18n } from '../../runtime/schema/types.ts';
import { failure } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import { isInputError } from '../resources/pgErrors.ts';

const CLIENT_MESSAGES: Record<number, I18n> = {
  404: SERVER_MESSAGES.notFound,
  413: SERVER_MESSAGES.bodyTooLarge,
  429: SERVER_MESSAGES.tooManyRequests,
};

/** The body types the API reads (docs/api.md): a write in any other is a 415 that lists these. */
const ACCEPTED_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

const unsupportedTypeMessage = (lang: 'zh' | 'en') =>
  lang === 'zh'
    ? `不支持的请求体类型，请使用 ${ACCEPTED_TYPES.join('、')}`
    : `unsupported content type; send ${ACCEPTED_TYPES.join(', ')}`;

const badValueMessage = (lang: 'zh' | 'en') =>
  lang === 'zh' ? '有值超出范围或格式不正确' : 'a value is out of range or malformed';

async function envelope(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const lang = requestLang(request);
    if (error instanceof ApiError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send(failure(error.messageIn(lang), error.dataIn(lang)));
    }
    if (isInputError(error)) {
      // validation should have refused the value; logged so the gap gets closed
      request.log.warn({ err: error }, 'the database refused a value');
      const message = badValueMessage(requestLang(request));
      return reply.code(400).send(failure(message, { errors: { '': message } }));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 415) {
      const lang = requestLang(request);
      return reply.code(415).send(failure(unsupportedTypeMessage(lang), { accepted: ACCEPTED_TYPES }));
    }
    if ((error as FastifyError).validation) {
      const errors: Record<string, string> = {};
      for (const item of (error as FastifyError).validation ?? []) {
        const field = item.instancePath.replace(/^\//, '') || String(item.params?.missingProperty ?? 'body');
        errors[field] = item.message ?? 'invalid';
      }
      return reply.code(400).send(failure(SERVER_MESSAGES.validationFailed[lang], { errors }));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors describe the request, never the server; others may not.
      // Those without a wording of ours keep Fastify's English, which names what was wrong.
      const own = (error as FastifyError).code?.startsWith('FST_') ? error.message : undefined;
      const message = CLIENT_MESSAGES[status]?.[lang] ?? own ?? SERVER_MESSAGES.badRequest[lang];
      return reply.code(status).send(failure(message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(failure(SERVER_MESSAGES.internalError[lang]));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = `${request.method} ${request.url.split('?')[0]}`;
    const message = SERVER_MESSAGES.notFound;
    reply
      .code(404)
      .send(failure(requestLang(request) === 'zh' ? `${message.zh}：${path}` : `${message.en}: ${path}`));
  });
}

export default fp(envelope, { name: 'envelope', fastify: '5.x' });

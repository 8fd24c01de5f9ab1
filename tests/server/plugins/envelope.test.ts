// @vitest-environment node
// The envelope answers every refusal in the request's language: a Chinese page reads 服务器内部错误
// and 没有权限, an English one "internal server error" and "missing permission".
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_FAILED_MESSAGE } from '../../../runtime/contract.ts';
import {
  badRequest,
  missingPermission,
  rowNotFound,
  tooManyRequests,
  unauthorized,
} from '../../../server/http/errors.ts';
import envelope from '../../../server/plugins/envelope.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ bodyLimit: 16 });
  await app.register(envelope);
  app.get('/boom', async () => {
    throw new Error('the database password is hunter2');
  });
  app.get('/no-token', async () => {
    throw unauthorized();
  });
  app.get('/refused', async () => {
    throw missingPermission(['sys:users:delete']);
  });
  app.get('/gone', async () => {
    throw rowNotFound({ name: 'users', singular: { zh: '用户', en: 'User' } }, 12);
  });
  app.get('/busy', async () => {
    throw tooManyRequests(30);
  });
  app.get('/bad', async () => {
    throw badRequest({
      userName: '用户名不能为空',
      id: { zh: '不能删除自己的账号', en: 'you cannot delete your own account' },
    });
  });
  app.post('/echo', async (request) => request.body);
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

async function message(url: string, lang?: string, method: 'GET' | 'POST' = 'GET') {
  const answer = await app.inject({
    method,
    url,
    headers: lang ? { 'accept-language': lang } : {},
    ...(method === 'POST' ? { payload: { text: 'longer than sixteen bytes' } } : {}),
  });
  return { status: answer.statusCode, body: answer.json() };
}

describe('the language of the envelope', () => {
  it('describes a 500 as internal server error, 服务器内部错误 by default, and says nothing of the cause', async () => {
    const zh = await message('/boom');
    expect(zh).toEqual({
      status: 500,
      body: { meta: { success: false, message: '服务器内部错误' }, data: null },
    });
    const en = await message('/boom', 'en-GB,en;q=0.9');
    expect(en.body.meta.message).toBe('internal server error');
    expect(JSON.stringify([zh, en])).not.toContain('hunter2');
  });

  it('words 401, 403, 404 and 429 in the language asked for', async () => {
    const cases: Array<[string, number, string, string]> = [
      ['/no-token', 401, '令牌验证失败', TOKEN_FAILED_MESSAGE],
      ['/refused', 403, '没有权限：sys:users:delete', 'missing permission sys:users:delete'],
      ['/gone', 404, '用户 12 不存在', 'users 12 not found'],
      ['/busy', 429, '请求过于频繁，请稍后再试', 'too many requests'],
      ['/bad', 400, '数据校验失败', 'validation failed'],
    ];
    for (const [url, status, zh, en] of cases) {
      expect(await message(url, 'zh-CN')).toMatchObject({ status, body: { meta: { message: zh } } });
      expect(await message(url, 'en')).toMatchObject({ status, body: { meta: { message: en } } });
    }
  });

  it("answers Fastify's own refusals and an unknown path in the language asked for", async () => {
    expect(await message('/echo', 'zh', 'POST')).toMatchObject({
      status: 413,
      body: { meta: { message: '请求内容过大' } },
    });
    expect((await message('/echo', 'en', 'POST')).body.meta.message).toBe('request body too large');
    expect(await message('/nowhere')).toMatchObject({
      status: 404,
      body: { meta: { message: '请求的资源不存在：GET /nowhere' } },
    });
    expect((await message('/nowhere?x=1', 'en')).body.meta.message).toBe('not found: GET /nowhere');
  });

  it('gives a field message written in both languages in the one asked for, and others as written', async () => {
    expect((await message('/bad', 'en')).body.data).toEqual({
      errors: { userName: '用户名不能为空', id: 'you cannot delete your own account' },
    });
    expect((await message('/bad')).body.data).toEqual({
      errors: { userName: '用户名不能为空', id: '不能删除自己的账号' },
    });
  });
});

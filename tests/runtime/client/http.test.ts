// @vitest-environment node
// The client's rules (spec §7/§8, docs/api.md) checked against a real HTTP server, in Node:
// runtime/client is headless and must work without a browser.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../runtime/client/apiError.ts';
import { ERROR_TOAST_MS } from '../../../runtime/client/constants.ts';
import { createHttp, type HttpOptions } from '../../../runtime/client/http.ts';
import { TOKEN_FAILED_MESSAGE, TOKEN_FAILED_MESSAGES } from '../../../runtime/contract.ts';
import { failure, ok, startServer, type TestServer } from './testServer.ts';

// a server per test: a request an earlier test gave up on (a time-out) may still reach its server
// on a loaded machine, and must not turn up among the requests this test counts
let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

interface Harness {
  http: ReturnType<typeof createHttp>;
  toasts: Array<[string, number]>;
  onTokenFailed: ReturnType<typeof vi.fn>;
  setToken(token: string | undefined): void;
}

function harness(extra: Partial<HttpOptions> = {}): Harness {
  let token: string | undefined = 'tok-1';
  const toasts: Array<[string, number]> = [];
  const onTokenFailed = vi.fn();
  const http = createHttp({
    baseURL: server.url,
    getToken: () => token,
    notify: { error: (msg, ms) => toasts.push([msg, ms]) },
    onTokenFailed,
    ...extra,
  });
  return {
    http,
    toasts,
    onTokenFailed,
    setToken(next) {
      token = next;
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call succeeded');
}

beforeEach(() => server.handle(() => ok({ fine: true })));

describe('requests', () => {
  it('gives up after 10000 ms by default and reports a time-out as an ApiError with a toast', async () => {
    const h = harness();
    expect(h.http.defaults.timeout).toBe(10000);
    server.handle(() => ({ hang: true }));
    const error = await rejection(h.http.get('/slow', { timeout: 50 }));
    expect(error.status).toBe(0);
    expect(error.code).toBe('ECONNABORTED');
    expect(h.toasts).toEqual([[error.message, ERROR_TOAST_MS]]);
  });

  it('sends X-Token only while logged in', async () => {
    const h = harness();
    await h.http.get('/a');
    h.setToken(undefined);
    await h.http.get('/b');
    expect(server.received[0].headers['x-token']).toBe('tok-1');
    expect(server.received[1].headers['x-token']).toBeUndefined();
  });

  it("sends the interface language as Accept-Language, so the server's messages match the page", async () => {
    let lang = 'zh';
    const h = harness({ getLanguage: () => lang });
    await h.http.get('/a');
    lang = 'en';
    await h.http.post('/b', { x: 1 });
    expect(server.received.map((r) => r.headers['accept-language'])).toEqual(['zh', 'en']);
  });

  it('form-encodes POST, PUT and DELETE bodies: repeated keys, an empty array as one empty value, objects as JSON', async () => {
    const h = harness();
    const body = { name: 'Ada', ids: [3, 4], roles: [], extra: { a: 1 }, cleared: null, skipped: undefined };
    await h.http.post('/p', body);
    await h.http.put('/p', body);
    await h.http.delete('/p', { data: body });
    for (const req of server.received) {
      expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      expect(req.body).toBe('name=Ada&ids=3&ids=4&roles=&extra=%7B%22a%22%3A1%7D&cleared=');
      expect(req.form.getAll('ids')).toEqual(['3', '4']);
      expect(req.form.getAll('roles')).toEqual(['']);
      expect(JSON.parse(req.form.get('extra')!)).toEqual({ a: 1 });
    }
    expect(server.received.map((r) => r.method)).toEqual(['POST', 'PUT', 'DELETE']);
  });

  it('encodes query parameters the same way', async () => {
    const h = harness();
    await h.http.get('/q', { params: { page: 2, ids: [1, 2], none: undefined } });
    expect(server.received[0].query.toString()).toBe('page=2&ids=1&ids=2');
  });
});

describe('failures', () => {
  it('shows meta.success false as a 5000 ms error toast with the message and rejects', async () => {
    const h = harness();
    server.handle(() => failure(200, 'the department is in use'));
    const error = await rejection(h.http.get('/x'));
    expect(h.toasts).toEqual([['the department is in use', 5000]]);
    expect(error.status).toBe(200);
    expect(error.message).toBe('the department is in use');
  });

  it("shows only what follows 'license' when the message begins with it", async () => {
    const h = harness();
    server.handle(() => failure(200, 'licenseThe licence expired on 2026-01-01'));
    await rejection(h.http.get('/x'));
    server.handle(() => failure(400, 'license invalid'));
    await rejection(h.http.get('/y'));
    expect(h.toasts).toEqual([
      ['The licence expired on 2026-01-01', 5000],
      [' invalid', 5000],
    ]);
  });

  it('shows the meta message of an HTTP error, or the status description when there is none', async () => {
    const h = harness();
    server.handle(() => failure(403, 'missing permission sys:users:delete'));
    await rejection(h.http.delete('/x'));
    server.handle(() => ({ status: 500, body: 'boom' }));
    const error = await rejection(h.http.get('/y'));
    expect(error.status).toBe(500);
    expect(h.toasts).toEqual([
      ['missing permission sys:users:delete', 5000],
      ['internal server error', 5000],
    ]);
  });

  it('uses describeStatus for statuses without a message', async () => {
    const h = harness({ describeStatus: (s) => (s === 500 ? '服务器内部错误' : undefined) });
    server.handle(() => ({ status: 500 }));
    await rejection(h.http.get('/y'));
    expect(h.toasts).toEqual([['服务器内部错误', 5000]]);
  });

  it("hands describeStatus axios's code when no response came, for a time-out's own text", async () => {
    const h = harness({
      describeStatus: (status, code) => (status === 0 && code === 'ECONNABORTED' ? '请求超时' : undefined),
    });
    server.handle(() => ({ hang: true }));
    await rejection(h.http.get('/slow', { timeout: 50 }));
    expect(h.toasts).toEqual([['请求超时', 5000]]);
  });

  it('parses per-field errors of a 400 into ApiError.fieldErrors', async () => {
    const h = harness();
    server.handle(() =>
      failure(400, 'validation failed', { errors: { userName: 'already taken', realName: 'required' } }),
    );
    const error = await rejection(h.http.post('/api/sys/users', { userName: 'ada' }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ userName: 'already taken', realName: 'required' });
    expect(error.data).toEqual({ errors: { userName: 'already taken', realName: 'required' } });
  });

  it('calls onTokenFailed once for a burst of 401s, without toasts', async () => {
    const h = harness();
    server.handle(() => failure(401, TOKEN_FAILED_MESSAGE));
    const errors = await Promise.all([
      rejection(h.http.get('/a')),
      rejection(h.http.get('/b')),
      rejection(h.http.get('/c')),
    ]);
    expect(errors.map((e) => e.status)).toEqual([401, 401, 401]);
    expect(h.onTokenFailed).toHaveBeenCalledTimes(1);
    expect(h.toasts).toEqual([]);
  });

  it('treats any failure whose message contains the token text as a lost session', async () => {
    const h = harness();
    server.handle(() => failure(200, `error: ${TOKEN_FAILED_MESSAGE}, please sign in`));
    await rejection(h.http.get('/a'));
    expect(h.onTokenFailed).toHaveBeenCalledTimes(1);
    expect(h.toasts).toEqual([]);
  });

  it('knows the token text in Chinese too, as a server answering in Chinese words it', async () => {
    const h = harness();
    server.handle(() => failure(200, `${TOKEN_FAILED_MESSAGES.zh}，请重新登录`));
    await rejection(h.http.get('/a'));
    expect(h.onTokenFailed).toHaveBeenCalledTimes(1);
    expect(h.toasts).toEqual([]);
  });

  it('describes a bare 401 as unauthorised', async () => {
    const h = harness();
    server.handle(() => ({ status: 401 }));
    const error = await rejection(h.http.get('/a'));
    expect(error.message).toBe('unauthorised');
    expect(h.onTokenFailed).toHaveBeenCalledTimes(1);
  });

  it('asks again once the prompt it was given has been answered', async () => {
    let answer: () => void = () => {};
    const prompt = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    const h = harness({ onTokenFailed: prompt });
    server.handle(() => failure(401, TOKEN_FAILED_MESSAGE));
    await rejection(h.http.get('/a'));
    await rejection(h.http.get('/b'));
    expect(prompt).toHaveBeenCalledTimes(1);
    answer();
    await Promise.resolve();
    await rejection(h.http.get('/c'));
    expect(prompt).toHaveBeenCalledTimes(2);
  });

  it('leaves a 401 of a call made without a token to the caller (the login form)', async () => {
    const h = harness();
    h.setToken(undefined);
    server.handle(() => failure(401, 'incorrect user name or password'));
    await rejection(h.http.post('/api/sys/login', { userName: 'a', password: 'b' }));
    expect(h.onTokenFailed).not.toHaveBeenCalled();
    expect(h.toasts).toEqual([['incorrect user name or password', 5000]]);
  });

  it('shows no toast for a silent call', async () => {
    const h = harness();
    server.handle(() => failure(403, 'forbidden'));
    const error = await rejection(h.http.get('/a', { silent: true }));
    expect(error.status).toBe(403);
    expect(h.toasts).toEqual([]);
  });

  it('passes binary responses through untouched and reads JSON failures of binary calls', async () => {
    const h = harness();
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    server.handle(() => ({ body: bytes, headers: { 'content-type': 'application/octet-stream' } }));
    const response = await h.http.post('/export', {}, { responseType: 'arraybuffer' });
    expect(new Uint8Array(response.data)).toEqual(bytes);
    server.handle(() => failure(403, 'missing permission sys:users:export'));
    await rejection(h.http.post('/export', {}, { responseType: 'arraybuffer' }));
    expect(h.toasts).toEqual([['missing permission sys:users:export', 5000]]);
  });
});

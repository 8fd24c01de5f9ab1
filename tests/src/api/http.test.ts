// The app's HTTP client takes the token, the language and where failures go from whatever the
// app connected (src/api/httpEvents.ts), and from nothing else.
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../src/api/http.ts';
import { connectHttpEvents, type HttpEvents } from '../../../src/api/httpEvents.ts';

const sent: InternalAxiosRequestConfig[] = [];

function answer(status: number, message: string): AxiosAdapter {
  return async (config) => {
    sent.push(config);
    const body = { meta: { success: status < 400, message }, data: null };
    const response = { data: body, status, statusText: '', headers: {}, config } as AxiosResponse;
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    }
    return response;
  };
}

function events(overrides: Partial<HttpEvents> = {}): HttpEvents {
  return {
    token: () => 'tok-7',
    language: () => 'en',
    error: vi.fn(),
    tokenFailed: vi.fn(() => Promise.resolve(false)),
    ...overrides,
  };
}

describe("the app's HTTP client", () => {
  const adapter = http.defaults.adapter;
  let disconnect = () => {};
  afterEach(() => {
    disconnect();
    http.defaults.adapter = adapter;
    sent.length = 0;
  });

  it('sends the token and the language the connected app gives', async () => {
    disconnect = connectHttpEvents(events());
    http.defaults.adapter = answer(200, '');
    await http.get('/api/sys/routes');
    expect(sent[0].headers.get('X-Token')).toBe('tok-7');
    expect(sent[0].headers.get('Accept-Language')).toBe('en');
  });

  it('tells the connected app of a failure to show, with its 5 second duration', async () => {
    const app = events();
    disconnect = connectHttpEvents(app);
    http.defaults.adapter = answer(409, 'user name already taken');
    await expect(http.post('/api/sys/users', {})).rejects.toThrow('user name already taken');
    expect(app.error).toHaveBeenCalledWith('user name already taken', 5000);
    expect(app.tokenFailed).not.toHaveBeenCalled();
  });

  it('asks the connected app about a lost session instead of showing a toast', async () => {
    const app = events();
    disconnect = connectHttpEvents(app);
    http.defaults.adapter = answer(401, 'token verification failed');
    await expect(http.get('/api/sys/dashboard')).rejects.toThrow();
    expect(app.tokenFailed).toHaveBeenCalledTimes(1);
    expect(app.error).not.toHaveBeenCalled();
  });

  it('sends no token and tells no one once the app has disconnected', async () => {
    const app = events();
    connectHttpEvents(app)();
    http.defaults.adapter = answer(409, 'conflict');
    await expect(http.post('/api/sys/users', {})).rejects.toThrow('conflict');
    expect(sent[0].headers.get('X-Token')).toBeUndefined();
    expect(app.error).not.toHaveBeenCalled();
  });

  it('keeps the newer connection when an older one disconnects', async () => {
    const older = connectHttpEvents(events({ token: () => 'old' }));
    disconnect = connectHttpEvents(events({ token: () => 'new' }));
    older();
    http.defaults.adapter = answer(200, '');
    await http.get('/api/sys/routes');
    expect(sent[0].headers.get('X-Token')).toBe('new');
  });
});

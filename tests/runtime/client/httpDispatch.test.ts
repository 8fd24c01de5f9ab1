// In a browser (jsdom here): a call leaves in the caller's own turn, so calls made before code
// fetches are ahead of them in the browser's six connections, and no XSRF cookie is read or sent,
// since the session travels in the X-Token header (DESIGN §5).
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../../runtime/client/http.ts';

const http = createHttp({ getToken: () => 'tok-1', notify: { error() {} }, onTokenFailed() {} });

afterEach(() => {
  vi.restoreAllMocks();
  Cookies.remove('XSRF-TOKEN');
});

describe('dispatch in the browser', () => {
  it('sends the request before the call returns', () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {});
    const controller = new AbortController();
    const call = http.get('/api/sys/routes', { signal: controller.signal });
    expect(send).toHaveBeenCalledTimes(1);
    controller.abort();
    return call.catch(() => undefined);
  });

  it('sends the token header and no XSRF header, even with an XSRF cookie on the page', () => {
    Cookies.set('XSRF-TOKEN', 'from-a-cookie');
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {});
    const headers = vi.spyOn(XMLHttpRequest.prototype, 'setRequestHeader');
    const controller = new AbortController();
    const call = http.get('/api/sys/routes', { signal: controller.signal });
    const names = headers.mock.calls.map(([name]) => name.toLowerCase());
    expect(names).toContain('x-token');
    expect(names).not.toContain('x-xsrf-token');
    controller.abort();
    return call.catch(() => undefined);
  });
});

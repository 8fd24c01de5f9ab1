// Spec §8 as the app wires it: the app's HTTP client connected as main.tsx connects it, FeedbackBridge
// and antd's App together.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Modal, message } from 'antd';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../src/api/http.ts';
import { connectHttp } from '../../../src/app/connectHttp.ts';
import { FeedbackBridge } from '../../../src/app/FeedbackBridge.tsx';
import { useLanguageStore } from '../../../src/stores/language.ts';
import { useSessionStore } from '../../../src/stores/session.ts';
import { freePort } from '../../fixtures/freePort.ts';

function answer(status: number, body: unknown): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const response = { data: body, status, statusText: '', headers: {}, config } as AxiosResponse;
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    }
    return response;
  };
}

const envelope = (success: boolean, message: string) => ({ meta: { success, message }, data: null });

function mount() {
  render(
    <App>
      <FeedbackBridge />
    </App>,
  );
}

// Each failing request is awaited inside act: the app reports the failure (a toast, a dialog) as
// the request settles, and antd's holders re-render then, which must happen inside act.
describe('error catalogue (spec §8)', () => {
  const adapter = http.defaults.adapter;
  let disconnect: () => void;
  beforeAll(() => {
    disconnect = connectHttp();
  });
  afterAll(async () => {
    disconnect();
    // The dialogs and toasts of antd's static API (no shell mounted) live in React roots of their own, which
    // Testing Library's cleanup does not unmount, and jsdom ends no CSS animation, so a closed one
    // stays on its way out with its motion's steps still to run. Left so, a render of theirs could
    // run after the test environment is torn down (React then finds no window: an uncaught error
    // that fails the run). Each is closed and its leaving motion ended, as the browser's
    // animationend would, until none is left.
    act(() => {
      Modal.destroyAll();
      message.destroy();
    });
    await waitFor(() => {
      for (const leaving of document.querySelectorAll('[class*="-leave-active"]'))
        for (const type of ['animationend', 'transitionend']) leaving.dispatchEvent(new Event(type));
      expect(document.querySelectorAll('.ant-modal-root, .ant-message-notice')).toHaveLength(0);
    });
  });
  beforeEach(() => {
    act(() => useLanguageStore.getState().setLang('en'));
    sessionStorage.setItem('token', 'tok');
  });
  afterEach(() => {
    http.defaults.adapter = adapter;
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('shows the message of a response with meta.success false as an error toast for 5 seconds', async () => {
    const error = vi.spyOn(App, 'useApp');
    mount();
    const { message } = error.mock.results[0].value as ReturnType<typeof App.useApp>;
    const shown = vi.spyOn(message, 'error');
    http.defaults.adapter = answer(200, envelope(false, 'category name already used'));
    await act(() => expect(http.get('/api/cms/contents')).rejects.toThrow('category name already used'));
    expect(shown).toHaveBeenCalledWith('category name already used', 5);
  });

  it('says in the page language that the server cannot be reached when no answer comes', async () => {
    act(() => useLanguageStore.getState().setLang('zh'));
    mount();
    // a port nobody listens on: the browser's request fails below HTTP
    const port = await freePort();
    await act(() =>
      expect(http.get(`http://127.0.0.1:${port}/api/cms/contents`)).rejects.toMatchObject({ status: 0 }),
    );
    expect(await screen.findByText('无法连接服务器，请检查网络')).toBeTruthy();
  });

  it("shows what follows the 7 characters 'license' of a message that begins with them", async () => {
    mount();
    http.defaults.adapter = answer(200, envelope(false, 'license has expired, renew it'));
    await act(() => expect(http.get('/api/cms/contents')).rejects.toThrow());
    expect(await screen.findByText('has expired, renew it')).toBeTruthy();
  });

  it('shows the meta message of an HTTP error as an error toast', async () => {
    mount();
    http.defaults.adapter = answer(409, envelope(false, 'user name already taken'));
    await act(() => expect(http.post('/api/sys/users', {})).rejects.toThrow());
    expect(await screen.findByText('user name already taken')).toBeTruthy();
  });

  it("describes a 500 without a message as 'internal server error' and a 401 as 'unauthorised'", async () => {
    mount();
    http.defaults.adapter = answer(500, 'upstream broke');
    await act(() => expect(http.get('/api/sys/dashboard')).rejects.toThrow('internal server error'));
    expect(await screen.findByText('internal server error')).toBeTruthy();
    sessionStorage.clear();
    http.defaults.adapter = answer(401, '');
    await act(() => expect(http.get('/api/sys/dashboard')).rejects.toThrow('unauthorised'));
  });

  it('offers to stay or to log in again when the token verification failed', async () => {
    mount();
    http.defaults.adapter = answer(401, envelope(false, 'token verification failed'));
    await act(() => expect(http.get('/api/sys/dashboard')).rejects.toThrow());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Login expired');
    expect(dialog.textContent).toContain('You can stay on this page or sign in again.');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(sessionStorage.getItem('token')).toBe('tok');
  });

  it('offers re-login even before the shell has mounted (a reload with a revoked token)', async () => {
    http.defaults.adapter = answer(401, envelope(false, 'token verification failed'));
    await act(() => expect(http.get('/api/sys/users/1/info')).rejects.toThrow());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Login expired');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
  });

  it('resets the token and reloads when the user chooses to log in again', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    useSessionStore.setState({ token: 'tok' });
    mount();
    http.defaults.adapter = answer(401, envelope(false, 'token verification failed'));
    await act(() => expect(http.get('/api/sys/dashboard')).rejects.toThrow());
    // this test's dialog: one an earlier test closed may still be on its way out, since jsdom ends
    // no CSS animation and a dialog of the static API (no shell mounted) is not unmounted after a test
    const dialog = await waitFor(() => {
      const open = screen.getAllByRole('dialog').filter((d) => !d.className.includes('-leave'));
      expect(open).toHaveLength(1);
      return open[0];
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(useSessionStore.getState().token).toBe('');
  });
});

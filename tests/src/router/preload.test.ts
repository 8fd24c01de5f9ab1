// A reload's resume of the session (src/router/preload.ts): the profile and the route table, and
// beside them what the page needs. It asks nothing once the session is gone: when the first resume
// was refused (a revoked token) before the route guard's first render, the guard's own call must
// not ask for the profile of an empty user id.
import { waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../../runtime/contract.ts';
import { http } from '../../../src/api/http.ts';
import { manifestQuery } from '../../../src/app/manifest.ts';
import { queryClient } from '../../../src/app/queryClient.ts';
import { constantRoutes } from '../../../src/router/constantRoutes.ts';
import { preloadSignedInPage, resumeSignedInPage } from '../../../src/router/preload.ts';
import { usePermissionStore } from '../../../src/stores/permission.ts';
import { useSessionStore } from '../../../src/stores/session.ts';
import { createRole } from '../../server/roleFixtures.ts';
import { type Call, fakeAdapter } from '../harness.tsx';
import { type RealApi, startRealApi } from '../realApi.ts';
import { heldFrames, nextTask } from '../testFrames.ts';

const adapter = http.defaults.adapter;
afterEach(() => {
  vi.restoreAllMocks();
  http.defaults.adapter = adapter;
  sessionStorage.clear();
  useSessionStore.getState().resetToken();
  usePermissionStore.getState().reset();
  queryClient.clear();
});

describe('preloadSignedInPage', () => {
  const asked = (calls: Call[]) => calls.map((call) => call.url);

  it('after a sign-in, asks for every part of the home page in the one task', async () => {
    const calls: Call[] = [];
    http.defaults.adapter = fakeAdapter({}, calls);
    useSessionStore.setState({ token: 'preload-at-once', firstlogin: false });
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    await preloadSignedInPage('/dashboard');
    await nextTask();
    expect(asked(calls)).toEqual(expect.arrayContaining([API_PATHS.manifest, API_PATHS.dashboard]));
    expect(frames).not.toHaveBeenCalled();
  });

  it('on a reload, asks for one part a frame, and for nothing more once the session has ended', async () => {
    const calls: Call[] = [];
    http.defaults.adapter = fakeAdapter({}, calls);
    useSessionStore.setState({ token: 'preload-frame-by-frame', firstlogin: false });
    // the frames are the test's: each is drawn when the test says
    const { frames, drawFrame } = heldFrames();
    void preloadSignedInPage('/dashboard', 'frame by frame');
    await nextTask();
    // the manifest at once; the shell's code, the page's, then the figures, a frame apart
    expect(asked(calls)).toEqual([API_PATHS.manifest]);
    drawFrame();
    await nextTask();
    drawFrame();
    await nextTask();
    expect(asked(calls)).toEqual([API_PATHS.manifest]);
    expect(frames).toHaveLength(1);
    useSessionStore.getState().resetToken();
    drawFrame();
    await nextTask();
    expect(asked(calls)).toEqual([API_PATHS.manifest]);

    // signed in again, with nothing cached: every part is asked for anew
    queryClient.clear();
    useSessionStore.setState({ token: 'preload-frame-by-frame', firstlogin: false });
    void preloadSignedInPage('/dashboard', 'frame by frame');
    for (let frame = 0; frame < 3; frame++) {
      await nextTask();
      drawFrame();
    }
    await nextTask();
    expect(asked(calls)).toEqual([API_PATHS.manifest, API_PATHS.manifest, API_PATHS.dashboard]);
  });
});

describe('prepareSignedInPage', () => {
  /** The modules anew, with nothing asked for yet, the session signed in, the frames the test's. */
  async function freshStart() {
    vi.resetModules();
    const fresh = {
      http: (await import('../../../src/api/http.ts')).http,
      session: (await import('../../../src/stores/session.ts')).useSessionStore,
      preload: await import('../../../src/router/preload.ts'),
      views: await import('../../../src/router/views.tsx'),
    };
    const calls: Call[] = [];
    fresh.http.defaults.adapter = fakeAdapter({}, calls);
    fresh.session.setState({ token: 'prepare-frame-by-frame', firstlogin: false });
    const held = heldFrames();
    // watched, not replaced: the shell's code is still loaded
    const shell = vi.spyOn(fresh.views.ShellLayout, 'preload');
    return { ...fresh, calls, held, shell };
  }

  it("on a reload, asks for code not asked for yet a frame after the route list's arrival", async () => {
    const { preload, calls, held, shell } = await freshStart();
    const prepared = preload.prepareSignedInPage(constantRoutes, '/dashboard', 'frame by frame');
    await nextTask();
    // in the arrival's own task the manifest alone; the shell's code a frame later
    expect(calls.map((call) => call.url)).toEqual([API_PATHS.manifest]);
    expect(shell).not.toHaveBeenCalled();
    held.drawFrame();
    await nextTask();
    expect(shell).toHaveBeenCalledOnce();
    await held.drawAll();
    await prepared;
  });

  it("on a reload, has the shell's files compiled a frame before it imports them, where the page names them", async () => {
    const { preload, held, shell } = await freshStart();
    const meta = document.createElement('meta');
    meta.name = 'code-files';
    meta.dataset.code = 'shell';
    meta.content = './assets/shell-compiled-ahead.js';
    document.head.append(meta);
    const href = new URL(meta.content, document.baseURI).href;
    const linked = () =>
      Array.from(document.head.querySelectorAll('link')).filter((link) => link.href === href);
    try {
      const prepared = preload.prepareSignedInPage(constantRoutes, '/dashboard', 'frame by frame');
      await nextTask();
      expect(linked()).toHaveLength(0);
      // a frame after the route list's arrival, the files; the import waits for them to load
      held.drawFrame();
      await nextTask();
      expect(linked().map((link) => link.rel)).toEqual(['modulepreload']);
      held.drawFrame();
      await nextTask();
      expect(shell).not.toHaveBeenCalled();
      expect(held.frames).toHaveLength(0);
      // loaded (compiled, in a browser): the import a frame later
      linked()[0].dispatchEvent(new Event('load'));
      await nextTask();
      expect(shell).not.toHaveBeenCalled();
      held.drawFrame();
      await nextTask();
      expect(shell).toHaveBeenCalledOnce();
      // the next part waits for the import to be evaluated: frames drawn until the page is ready
      let ready = false;
      void prepared.then(() => {
        ready = true;
      });
      while (!ready) {
        held.drawFrame();
        await nextTask();
      }
    } finally {
      meta.remove();
      for (const link of linked()) link.remove();
    }
  });

  it('asks at once for the code the reload asked for before the route list came', async () => {
    const { preload, held, shell } = await freshStart();
    const preloading = preload.preloadSignedInPage('/dashboard', 'frame by frame');
    await held.drawAll();
    await preloading;
    expect(shell).toHaveBeenCalledOnce();
    // the shell's, the page's and the texts' code asked for already: no frame waited for
    const frameAsked = held.asked.mock.calls.length;
    const prepared = preload.prepareSignedInPage(constantRoutes, '/dashboard', 'frame by frame');
    expect(shell).toHaveBeenCalledTimes(2);
    await prepared;
    expect(held.asked.mock.calls.length).toBe(frameAsked);
  });
});

describe('resumeSignedInPage', () => {
  it('asks for nothing without a token', () => {
    const calls: Call[] = [];
    http.defaults.adapter = fakeAdapter({}, calls);
    useSessionStore.getState().resetToken();
    expect(resumeSignedInPage('/dashboard')).toBeUndefined();
    expect(calls).toEqual([]);
  });

  describe('against the API', () => {
    let api: RealApi;
    beforeAll(async () => {
      api = await startRealApi();
    });
    afterAll(async () => {
      await api?.close();
    });

    it('asks for the manifest beside the route list, not after it', async () => {
      await createRole(api.server, 'resume_beside_role', ['sys:users:list']);
      const { password } = await api.user('resume_beside', ['resume_beside_role']);
      await useSessionStore.getState().login({ userName: 'resume_beside', password });
      api.received.length = 0;
      // the route list is held on its way: the manifest must arrive while it is
      const release = api.hold('GET', API_PATHS.routes);
      const resumed = resumeSignedInPage('/sys/users');
      try {
        await waitFor(() => expect(queryClient.getQueryData(manifestQuery.queryKey)).toBeDefined());
        expect(api.count('GET', API_PATHS.manifest)).toBe(1);
        expect(api.count('GET', API_PATHS.routes)).toBe(1);
        expect(usePermissionStore.getState().generated).toBe(false);
      } finally {
        release();
      }
      await resumed;
      expect(usePermissionStore.getState().generated).toBe(true);
      expect(api.count('GET', API_PATHS.manifest)).toBe(1);
    });

    it("asks for a list page's rows as its URL says once the shell's code is here, before the page draws", async () => {
      await createRole(api.server, 'resume_rows_role', ['sys:users:list']);
      const { password } = await api.user('resume_rows', ['resume_rows_role']);
      await useSessionStore.getState().login({ userName: 'resume_rows', password });
      api.received.length = 0;
      // nothing is drawn here: the read can only be the resume's
      await resumeSignedInPage('/sys/users?page=2&sort=userName');
      await waitFor(() => expect(api.count('GET', '/api/sys/users')).toBe(1));
      const read = api.received.find((r) => r.method === 'GET' && r.path === '/api/sys/users');
      expect(Object.fromEntries(read?.query ?? [])).toMatchObject({ page: '2', sort: 'userName' });
    });
  });
});

// A reload's resume of the session (src/router/preload.ts): the profile and the route table, and
// beside them what the page needs. It asks nothing once the session is gone: when the first resume
// was refused (a revoked token) before the route guard's first render, the guard's own call must
// not ask for the profile of an empty user id.
import { waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../runtime/contract.ts';
import { http } from '../../../src/api/http.ts';
import { manifestQuery } from '../../../src/app/manifest.ts';
import { queryClient } from '../../../src/app/queryClient.ts';
import { resumeSignedInPage } from '../../../src/router/preload.ts';
import { usePermissionStore } from '../../../src/stores/permission.ts';
import { useSessionStore } from '../../../src/stores/session.ts';
import { createRole } from '../../server/roleFixtures.ts';
import { type Call, fakeAdapter } from '../harness.tsx';
import { type RealApi, startRealApi } from '../realApi.ts';

const adapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = adapter;
  sessionStorage.clear();
  useSessionStore.getState().resetToken();
  usePermissionStore.getState().reset();
  queryClient.clear();
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
  });
});

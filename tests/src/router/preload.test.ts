// A reload's resume of the session (src/router/preload.ts) asks nothing once the session is gone:
// when the first resume was refused (a revoked token) before the route guard's first render, the
// guard's own call must not ask for the profile of an empty user id.
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../src/api/http.ts';
import { resumeSignedInPage } from '../../../src/router/preload.ts';
import { useSessionStore } from '../../../src/stores/session.ts';
import { type Call, fakeAdapter } from '../harness.tsx';

const adapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = adapter;
  sessionStorage.clear();
  useSessionStore.getState().resetToken();
});

describe('resumeSignedInPage', () => {
  it('asks for nothing without a token', () => {
    const calls: Call[] = [];
    http.defaults.adapter = fakeAdapter({}, calls);
    useSessionStore.getState().resetToken();
    expect(resumeSignedInPage('/dashboard')).toBeUndefined();
    expect(calls).toEqual([]);
  });
});

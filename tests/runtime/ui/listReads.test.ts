// A list page that mounts moments after its rows were read for it (its route asked for them as
// the navigation began) shows them; a page that mounts later reads them again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPENING_MS, readAgainOnMount } from '../../../runtime/ui/listReads.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('a list read as its page mounts', () => {
  it('is read again only when it was read longer ago than a page takes to open', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T10:00:00Z'));
    const readAgo = (ms: number) => ({ state: { dataUpdatedAt: Date.now() - ms } });
    expect(readAgainOnMount(readAgo(0))).toBe(false);
    expect(readAgainOnMount(readAgo(OPENING_MS - 1))).toBe(false);
    expect(readAgainOnMount(readAgo(OPENING_MS + 1))).toBe(true);
    // never read: its first read
    expect(readAgainOnMount({ state: { dataUpdatedAt: 0 } })).toBe(true);
  });
});

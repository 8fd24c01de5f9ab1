// A list's state read from its route's search part: what the page shows and what its route asks
// for ahead of the page's code read it the same way.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../../runtime/schema/types.ts';
import { readListState } from '../../../runtime/ui/listState.ts';
import { loadResources, resourceNamed } from './harness.tsx';

let resources: Resource[];
beforeAll(async () => {
  resources = await loadResources();
});

describe('a list state read from the URL', () => {
  it("falls back to the schema's page size and order", () => {
    const users = resourceNamed(resources, 'users');
    expect(readListState(users, new URLSearchParams())).toEqual({
      page: 1,
      limit: 20,
      sorting: [{ id: 'createTime', desc: true }],
      filters: {},
    });
  });

  it('reads the page, size, order and filters, each filter as its field holds it', () => {
    const users = resourceNamed(resources, 'users');
    const state = readListState(
      users,
      new URLSearchParams('page=3&limit=50&sort=userName&f.userName=ada&f.status=1&f.other=x'),
    );
    expect(state).toEqual({
      page: 3,
      limit: 50,
      sorting: [{ id: 'userName', desc: false }],
      filters: { userName: 'ada', status: 1 },
    });
  });

  it('takes a page or size that is not a positive whole number as the default', () => {
    const users = resourceNamed(resources, 'users');
    const state = readListState(users, new URLSearchParams('page=-2&limit=abc'));
    expect([state.page, state.limit]).toEqual([1, 20]);
  });
});

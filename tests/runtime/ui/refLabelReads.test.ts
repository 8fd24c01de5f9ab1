// The reads of a page's reference labels: the same reads whoever makes them (the page as it
// draws, or its first read as its rows arrive), batched, in order, and only where the user may list.
// @vitest-environment node
import axios from 'axios';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIMIT } from '../../../runtime/client/constants.ts';
import { createResourceClient } from '../../../runtime/client/resourceClient.ts';
import { toListColumns } from '../../../runtime/schema/columns.ts';
import { permissionCode } from '../../../runtime/schema/manifest.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { listRefColumns, refLabelReads } from '../../../runtime/ui/refLabelReads.ts';
import { loadResources, resourceNamed } from './harness.tsx';

let resources: Resource[];
beforeAll(async () => {
  resources = await loadResources();
});

const clientFor = (name: string) => {
  const resource = resources.find((r) => r.name === name);
  return resource && createResourceClient(axios.create(), resource);
};
const anyone = () => true;

describe("a page's reference labels", () => {
  it("are read for the ref columns the page's own columns name, for every resource", () => {
    let refs = 0;
    for (const resource of resources) {
      const page = toListColumns(resource, 'en')
        .filter((column) => column.ref !== undefined)
        .map(({ field, ref, refLabel }) => ({ field, ref, refLabel }));
      expect(listRefColumns(resource), resource.name).toEqual(page);
      refs += page.length;
    }
    // the CMS's lists show references: the comparison compared something
    expect(refs).toBeGreaterThan(3);
  });

  it('are one read per resource for the ids shown, in order, whatever the rows’ order', () => {
    const columns = listRefColumns(resourceNamed(resources, 'users'));
    const rows = [
      { id: 1, roleIds: [3, 2], dpmtId: 7 },
      { id: 2, roleIds: [2], dpmtId: 0 },
      { id: 3, roleIds: [], dpmtId: null },
    ];
    const reads = refLabelReads(columns, rows, clientFor, anyone);
    // in the columns' order: the department before the roles
    expect(reads.map((r) => r.queryKey)).toEqual([
      ['resource', 'departments', 'many', '7'],
      ['resource', 'roles', 'many', '2,3'],
    ]);
    const again = refLabelReads(columns, [...rows].reverse(), clientFor, anyone);
    expect(again.map((r) => r.queryKey)).toEqual(reads.map((r) => r.queryKey));
  });

  it(`come in batches of at most ${MAX_LIMIT} ids`, () => {
    const columns = listRefColumns(resourceNamed(resources, 'users'));
    const rows = Array.from({ length: MAX_LIMIT + 1 }, (_, i) => ({ id: i + 1, roleIds: [i + 1] }));
    const reads = refLabelReads(columns, rows, clientFor, anyone).filter((r) => r.resource === 'roles');
    expect(reads.map((r) => r.queryKey[3].split(',').length)).toEqual([MAX_LIMIT, 1]);
  });

  it('read on, keep the batches read before and ask only for the ids new to the page', () => {
    const columns = listRefColumns(resourceNamed(resources, 'users'));
    const level = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, roleIds: [from + i] }));
    const roles = (reads: ReturnType<typeof refLabelReads>) =>
      reads.filter((r) => r.resource === 'roles').map((r) => `${r.ids[0]}–${r.ids.at(-1)}`);
    // a level of 500 rows, then 500 more through "load more", then 300 more
    const first = refLabelReads(columns, level(1, 500), clientFor, anyone);
    const more = refLabelReads(columns, level(1, 1000), clientFor, anyone, first);
    const yetMore = refLabelReads(columns, level(1, 1300), clientFor, anyone, more);
    expect(roles(first)).toEqual(['1–500']);
    expect(roles(more)).toEqual(['1–500', '501–1000']);
    expect(roles(yetMore)).toEqual(['1–500', '501–1000', '1001–1300']);
    // the very reads kept, so react-query sees the keys it has read
    expect(yetMore[0]).toBe(first[0]);
    // cut afresh, the same ids fall into other batches, each a read again
    expect(roles(refLabelReads(columns, level(250, 1300), clientFor, anyone))).toEqual([
      '250–749',
      '750–1249',
      '1250–1300',
    ]);
    expect(roles(refLabelReads(columns, level(250, 1300), clientFor, anyone, yetMore))).toEqual([
      '1–500',
      '501–1000',
      '1001–1300',
    ]);
  });

  it('drop the batches none of whose ids are still shown', () => {
    const columns = listRefColumns(resourceNamed(resources, 'users'));
    const page1 = refLabelReads(columns, [{ id: 1, roleIds: [2, 3] }], clientFor, anyone);
    const page2 = refLabelReads(columns, [{ id: 2, roleIds: [4] }], clientFor, anyone, page1);
    expect(page2.map((r) => r.queryKey)).toEqual([['resource', 'roles', 'many', '4']]);
    // a batch kept for one id still shown is read whole
    const page3 = refLabelReads(columns, [{ id: 3, roleIds: [3, 5] }], clientFor, anyone, page1);
    expect(page3.map((r) => r.queryKey)).toEqual([
      ['resource', 'roles', 'many', '2,3'],
      ['resource', 'roles', 'many', '5'],
    ]);
    // and none is kept from a resource the user may no longer list
    const rolesList = permissionCode(resourceNamed(resources, 'roles'), 'list');
    expect(
      refLabelReads(columns, [{ id: 1, roleIds: [2, 3] }], clientFor, (code) => code !== rolesList, page1),
    ).toEqual([]);
  });

  it('are not read from a resource the user may not list', () => {
    const columns = listRefColumns(resourceNamed(resources, 'users'));
    const rolesList = permissionCode(resourceNamed(resources, 'roles'), 'list');
    const reads = refLabelReads(
      columns,
      [{ id: 1, roleIds: [2], dpmtId: 7 }],
      clientFor,
      (code) => code !== rolesList,
    );
    expect(reads.map((r) => r.resource)).not.toContain('roles');
    expect(reads.length).toBeGreaterThan(0);
  });
});

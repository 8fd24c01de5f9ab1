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

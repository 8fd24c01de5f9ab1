// A page's reference labels over rows that grow (a tree level read on through "load more"),
// against a real local HTTP server: each id is asked for once, the batches read before are not
// read again, and every row is named.
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIMIT } from '../../../runtime/client/constants.ts';
import type { Row } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { listRefColumns } from '../../../runtime/ui/refLabelReads.ts';
import { useRefLabels } from '../../../runtime/ui/useRefLabels.ts';
import { ok, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

let server: TestServer;
let resources: Resource[];

const role = (id: number) => ({ id, roleName: `角色${id}` });
const roleReads = () => server.received.filter((r) => r.path === '/api/sys/roles' && r.query.get('id'));

beforeAll(async () => {
  server = await startServer((req) => {
    const ids = req.query.get('id');
    if (req.path !== '/api/sys/roles' || !ids) return ok({ rows: [], total: 0 });
    return ok({ rows: ids.split(',').map(Number).map(role), total: ids.split(',').length });
  });
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});

/** The users, each holding the role of its own number, and the name the page shows for the last. */
function Labels({ rows }: { rows: Row[] }) {
  const columns = listRefColumns(resourceNamed(resources, 'users'));
  const labels = useRefLabels(columns, rows, () => true);
  const last = rows.at(-1);
  return <output data-testid="last">{labels.roleIds?.get(String(last?.id)) ?? ''}</output>;
}

const users = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, roleIds: [i + 1] }));

describe('the reference labels of rows that grow', () => {
  it('are read for the new rows alone, in the batches the page had read kept', async () => {
    server.received.length = 0;
    const http = testHttp(server);
    const page = (rows: Row[]) => (
      <Providers http={http} resources={resources}>
        <Labels rows={rows} />
      </Providers>
    );
    // 30 rows, 30 more, then MAX_LIMIT + 40 more
    const { rerender } = render(page(users(30)));
    await waitFor(() => expect(screen.getByTestId('last').textContent).toBe('角色30'));
    rerender(page(users(60)));
    await waitFor(() => expect(screen.getByTestId('last').textContent).toBe('角色60'));
    const all = 100 + MAX_LIMIT;
    rerender(page(users(all)));
    await waitFor(() => expect(screen.getByTestId('last').textContent).toBe(`角色${all}`));
    const asked = roleReads().map((r) => {
      const ids = (r.query.get('id') ?? '').split(',');
      return `${ids[0]}–${ids.at(-1)}`;
    });
    // cut afresh each time, they were 1–30, 1–60, then 1–500 and 501–600: every label again
    expect(asked).toEqual(['1–30', '31–60', `61–${60 + MAX_LIMIT}`, `${61 + MAX_LIMIT}–${all}`]);
  });
});

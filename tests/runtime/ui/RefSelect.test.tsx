// The ref picker over a resource far larger than one page, against a real local HTTP server: it
// names its value without loading the table, reads its choices only once it is opened, asks the
// server once per pause in typing, and reads the next page of matches as its list scrolls.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Field, Resource } from '../../../runtime/schema/types.ts';
import { RefSelect } from '../../../runtime/ui/RefSelect.tsx';
import { ok, type Received, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

const TOTAL = 100_000;
const office = (id: number) => ({ id, officeName: `科室${id}`, orderNum: id, status: 0 });

let server: TestServer;

/** The offices' endpoint: by id, a search, or a page of a table of TOTAL rows. */
function reply(req: Received) {
  if (req.path !== '/api/cms/sourceoffices') return ok(null);
  const ids = req.query.get('id');
  if (ids) return ok({ rows: ids.split(',').map(Number).map(office), total: ids.split(',').length });
  const page = Number(req.query.get('page'));
  const limit = Number(req.query.get('limit'));
  const search = req.query.get('officeName');
  if (search) return ok({ rows: [office(12), office(120)], total: 2 });
  return ok({
    rows: Array.from({ length: limit }, (_, i) => office((page - 1) * limit + i + 1)),
    total: TOTAL,
  });
}
let resources: Resource[];
let field: Field;

const officeLists = () => server.received.filter((r: Received) => r.path === '/api/cms/sourceoffices');

beforeAll(async () => {
  server = await startServer(reply);
  resources = await loadResources();
  field = resourceNamed(resources, 'contents').fields.find((f) => f.name === 'sourceOfficeId')!;
});
afterAll(async () => {
  await server.close();
});

function renderPicker(value: number | null) {
  server.received.length = 0;
  const http = testHttp(server);
  return render(
    <Providers http={http} resources={resources}>
      <RefSelect field={field} value={value} onChange={() => {}} id="office" />
    </Providers>,
  );
}

describe('RefSelect over a large resource', () => {
  it('names its value by id, without loading the table', async () => {
    const { container } = renderPicker(99_999);
    await waitFor(() =>
      expect(container.querySelector('.ant-select-content')?.textContent).toBe('科室99999'),
    );
    const byId = officeLists().filter((r) => r.query.get('id'));
    expect(byId.map((r) => r.query.get('id'))).toEqual(['99999']);
    // the options come a page at a time, never the whole table
    expect(officeLists().every((r) => r.query.get('id') || Number(r.query.get('limit')) <= 50)).toBe(true);
  });

  it('reads no choices until it is opened, then the first page', async () => {
    const { container } = renderPicker(99_999);
    await waitFor(() =>
      expect(container.querySelector('.ant-select-content')?.textContent).toBe('科室99999'),
    );
    // the value is named, and no page of choices was asked for
    expect(officeLists().map((r) => r.query.get('id') ?? `page ${r.query.get('page')}`)).toEqual(['99999']);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await screen.findByText('科室1');
    const pages = officeLists().filter((r) => !r.query.get('id'));
    expect(pages.map((r) => `${r.query.get('page')}/${r.query.get('limit')}`)).toEqual(['1/50']);
  });

  it('shows a spinner, not "no data", while its first page of choices is read', async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.handle(async (req) => {
      if (req.path === '/api/cms/sourceoffices' && req.query.get('page') === '1') await held;
      return reply(req);
    });
    try {
      const { baseElement } = renderPicker(null);
      fireEvent.mouseDown(screen.getByRole('combobox'));
      // the read has reached the server, which holds its answer
      await waitFor(() => expect(officeLists().some((r) => r.query.get('page') === '1')).toBe(true));
      const dropdown = () => baseElement.querySelector('.ant-select-dropdown') as HTMLElement;
      await waitFor(() => expect(dropdown()?.querySelector('.ant-spin')).not.toBeNull());
      expect(dropdown().querySelector('.ant-empty')).toBeNull();
      answer();
      await screen.findByText('科室1');
      expect(dropdown().querySelector('.ant-spin')).toBeNull();
    } finally {
      answer();
      server.handle(reply);
    }
  });

  it('asks the server once for what was typed, and shows its matches', async () => {
    renderPicker(null);
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '科' } });
    fireEvent.change(input, { target: { value: '科室' } });
    fireEvent.change(input, { target: { value: '科室12' } });
    await screen.findByText('科室120');
    const searches = officeLists().filter((r) => r.query.get('officeName'));
    expect(searches.map((r) => r.query.get('officeName'))).toEqual(['科室12']);
  });

  it('reads the next page when the list is scrolled to its end', async () => {
    const { baseElement } = renderPicker(null);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    // the list is virtual: jsdom draws its first rows only
    await screen.findByText('科室1');
    const holder = baseElement.querySelector('.ant-select-dropdown-list-holder') as HTMLElement;
    fireEvent.scroll(holder);
    await waitFor(() => expect(officeLists().some((r) => r.query.get('page') === '2')).toBe(true));
  });
});

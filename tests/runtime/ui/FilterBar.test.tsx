// The filter bar as a list page mounts it: drawn right in its first commit, laid out for the window from its first
// render, the URL's filters in its controls; Reset empties them whatever the page opened with;
// every control named for assistive technology, the pickers too, which read nothing until opened.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Filters } from '../../../runtime/client/resourceClient.ts';
import { loadSchemaTexts } from '../../../runtime/schema/load.ts';
import { FilterBar } from '../../../runtime/ui/FilterBar.tsx';
import { ok, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

const EVENTS = `
resource: events
module: qa
title: { zh: 活动, en: Events }
fields:
  name: { type: string, title: { zh: 名称, en: Name } }
  place: { type: string, title: { zh: 地点, en: Place } }
list:
  filters: [name, place]
`;

function events() {
  const { resources, problems } = loadSchemaTexts([{ path: 'qa/events.yaml', text: EVENTS }], '.');
  expect(problems).toEqual([]);
  return resources[0];
}

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

/** A window wide enough for antd's `sm` breakpoint and every one below it. */
function wideWindow() {
  window.matchMedia = ((query: string) => ({
    media: query,
    matches: /min-width/.test(query),
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('FilterBar', () => {
  it('is drawn right in its first commit: its labels beside the controls, the filters of the URL in them', async () => {
    wideWindow();
    const resource = events();
    // what the document holds when the first commit's layout effects run (before any render a
    // commit's effects start): a form drawn stacked and filled in after would be drawn twice
    // before the page's first frame
    let first: { classes: string; name: string } | undefined;
    function FirstCommit() {
      useLayoutEffect(() => {
        first = {
          classes: screen.getByRole('search').className,
          name: (screen.getByRole('textbox', { name: '名称' }) as HTMLInputElement).value,
        };
      }, []);
      return null;
    }
    await act(async () => {
      render(
        <>
          <FilterBar resource={resource} lang="zh" value={{ name: '春游' }} onSearch={() => {}} />
          <FirstCommit />
        </>,
      );
    });
    expect(first?.classes).toContain('ant-form-horizontal');
    expect(first?.name).toBe('春游');
  });

  it('empties every control on Reset, the filters it opened with too, and follows new filters', async () => {
    wideWindow();
    const resource = events();
    const onSearch = vi.fn();
    const bar = (value: Filters) => (
      <FilterBar resource={resource} lang="zh" value={value} onSearch={onSearch} />
    );
    const shown = render(bar({ name: '春游' }));
    fireEvent.change(input('地点'), { target: { value: '操场' } });
    fireEvent.click(screen.getByRole('button', { name: /^重\s*置$/ }));
    expect(onSearch).toHaveBeenLastCalledWith({});
    expect(input('名称').value).toBe('');
    expect(input('地点').value).toBe('');

    // the URL changes the filters (Back, a shared link): the controls show them, and only them
    shown.rerender(bar({ place: '礼堂' }));
    await act(async () => {});
    expect(input('名称').value).toBe('');
    expect(input('地点').value).toBe('礼堂');
  });

  it('draws nothing for a resource without filters, and leaves no form store unconnected', async () => {
    const { resources, problems } = loadSchemaTexts(
      [{ path: 'qa/notes.yaml', text: EVENTS.replace('list:\n  filters: [name, place]\n', '') }],
      '.',
    );
    expect(problems).toEqual([]);
    const shown = render(<FilterBar resource={resources[0]} lang="zh" value={{}} onSearch={() => {}} />);
    expect(shown.container.innerHTML).toBe('');
    // antd checks on a timer of its own, set as the store is first written, that a form holds
    // the store; a timer set after it runs after it, and the test's console check sees its warning
    await new Promise((resolve) => setTimeout(resolve));
  });
});

describe('FilterBar of the contents', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(() => ok({ rows: [], total: 0 }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('names each control by its filter, the pickers too, and reads no choices while none is opened', async () => {
    const resources = await loadResources();
    const contents = resourceNamed(resources, 'contents');
    // what the page's client sends, recorded as it is sent rather than as the server gets it
    const http = testHttp(server);
    const sent: string[] = [];
    http.interceptors.request.use((config) => {
      sent.push(String(config.url));
      return config;
    });
    render(
      <Providers http={http} resources={resources}>
        <FilterBar resource={contents} lang="zh" value={{}} onSearch={() => {}} />
      </Providers>,
    );
    // the category and the source office are ref filters: the flat picker
    expect(screen.getByRole('combobox', { name: '所属栏目' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '来源科室' })).toBeTruthy();
    // every picker of the bar has a name
    const unnamed = screen.getAllByRole('combobox').filter((box) => !box.getAttribute('aria-label'));
    expect(unnamed).toEqual([]);
    // the reads a mount starts (react-query's, from the pickers' effects) pass the client's
    // interceptors within the microtasks that follow
    await act(async () => {});
    expect(sent).toEqual([]);
  });
});

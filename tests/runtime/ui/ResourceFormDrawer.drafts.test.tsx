// The edit drawer of a resource with `drafts: true` (contents): it opens a row's pending draft
// with the draft bar, saves the form's values as the draft 2 s after the last change (a fake
// clock: the test moves time, it never waits for it), says when it saved or why it could not,
// publishes the draft, and asks before the tab is closed while an edit is not saved anywhere.
// The HTTP answers are a fake transport under the real resource client; the server side of
// drafts is tested on both databases in tests/server/drafts.test.ts.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import built from '../../../generated/manifest.json';
import { createResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { ResourceFormDrawer } from '../../../runtime/ui/ResourceFormDrawer.tsx';
import { DRAFT_AUTOSAVE_MS } from '../../../runtime/ui/useDraftAutosave.ts';
import { type Answers, type Call, fakeHttp, renderPage } from '../../src/harness.tsx';

const contents = (built as unknown as { resources: Resource[] }).resources.find(
  (r) => r.name === 'contents',
)!;

const ROW = {
  id: 8,
  version: 3,
  title: 'Sports day',
  categoryId: 2,
  body: '<p>Races</p>',
  publishTime: '2026-11-01T02:00:00.000Z',
  status: 1,
  isLink: false,
  pinned: false,
};
const DRAFT = {
  data: { title: 'Sports day (draft)' },
  baseVersion: 3,
  updatedBy: 'admin',
};

afterEach(() => {
  vi.useRealTimers();
});

function openDrawer(answers: Answers, calls: Call[]) {
  const http = fakeHttp(
    {
      'GET /api/cms/contents/8': ROW,
      'GET /api/cms/contentCategorys': {
        rows: [{ id: 2, categoryName: 'School news', parentId: 0 }],
        total: 1,
      },
      ...answers,
    },
    calls,
  );
  const client = createResourceClient(http, contents);
  const onClose = vi.fn();
  const { element } = renderPage(
    <ResourceFormDrawer
      client={client}
      target={{ mode: 'update', id: 8 }}
      lang="zh"
      can={() => true}
      onSubmit={async (values, version) => client.update(8, values, { version })}
      onClose={onClose}
    />,
    http,
  );
  render(element);
  return { onClose };
}

/** The body a call sent: the HTTP client sends writes form-encoded. */
const sentOf = (call: Call) => Object.fromEntries(new URLSearchParams(call.body));
const draftSaves = (calls: Call[]) =>
  calls.filter((c) => c.method === 'PUT' && c.url === '/api/cms/contents/8/draft');

describe('the edit drawer of a resource with drafts', () => {
  it('opens the draft and saves edits to it 2 s after the last change', async () => {
    const calls: Call[] = [];
    openDrawer(
      {
        // saved just now, whenever the test runs
        'GET /api/cms/contents/8/draft': () => ({ ...DRAFT, updatedAt: new Date().toISOString() }),
        'PUT /api/cms/contents/8/draft': (call: Call) => ({
          ...DRAFT,
          data: { title: sentOf(call).title },
          updatedAt: new Date().toISOString(),
        }),
      },
      calls,
    );
    const bar = await screen.findByTestId('draft-bar');
    expect(within(bar).getByText(/正在编辑草稿（保存于 刚刚）/)).toBeTruthy();
    const title = (await screen.findByRole('textbox', { name: /标题/ })) as HTMLInputElement;
    // the form holds the draft's values over the row's
    expect(title.value).toBe('Sports day (draft)');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(title, { target: { value: 'Sports day, first try' } });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_MS - 500));
    // another change before the pause is over starts the wait again
    fireEvent.change(title, { target: { value: 'Sports day, final' } });
    expect(within(screen.getByTestId('draft-bar')).getByText('有修改待保存')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_MS - 1));
    expect(draftSaves(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();

    await within(bar).findByText('已自动保存');
    const saves = draftSaves(calls);
    expect(saves).toHaveLength(1);
    const sent = sentOf(saves[0]);
    // the form's values, the newest only, and the version the draft started from
    expect(sent).toMatchObject({ title: 'Sports day, final', categoryId: '2', version: '3' });
    expect(sent).not.toHaveProperty('status');
    expect(sent).not.toHaveProperty('viewCount');
  });

  it('says why an autosave failed, and the tab asks before closing until it is saved', async () => {
    const calls: Call[] = [];
    let refuse = true;
    openDrawer(
      {
        'GET /api/cms/contents/8/draft': null,
        'PUT /api/cms/contents/8/draft': () => {
          if (refuse) throw new Error('the server is away');
          return { ...DRAFT, data: { title: 'Second go' }, updatedAt: new Date().toISOString() };
        },
      },
      calls,
    );
    const bar = await screen.findByTestId('draft-bar');
    // no draft yet: the bar says edits become one
    expect(within(bar).getByText(/修改会自动保存为草稿/)).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: /发布草稿/ })).toBeNull();
    const title = (await screen.findByRole('textbox', { name: /标题/ })) as HTMLInputElement;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(title, { target: { value: 'First go' } });
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_MS));
    vi.useRealTimers();

    const failure = await within(bar).findByRole('alert');
    expect(failure.textContent).toContain('自动保存失败：');
    expect(failure.textContent).toContain('the server is away');
    const stillUnsaved = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(stillUnsaved);
    expect(stillUnsaved.defaultPrevented).toBe(true);

    // the next change saves, the draft bar then offers to publish it
    refuse = false;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(title, { target: { value: 'Second go' } });
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_MS));
    vi.useRealTimers();
    await within(bar).findByText('已自动保存');
    expect(within(bar).getByRole('button', { name: /发布草稿/ })).toBeTruthy();
    const saved = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(saved);
    expect(saved.defaultPrevented).toBe(false);
  });

  it('publishes the draft after saving what waits, then closes', async () => {
    const calls: Call[] = [];
    const { onClose } = openDrawer(
      {
        // saved just now, whenever the test runs
        'GET /api/cms/contents/8/draft': () => ({ ...DRAFT, updatedAt: new Date().toISOString() }),
        'PUT /api/cms/contents/8/draft': (call: Call) => ({
          ...DRAFT,
          data: { title: sentOf(call).title },
        }),
        'POST /api/cms/contents/8/draft/publish': { ...ROW, title: 'Published title', version: 4 },
        'GET /api/cms/contents': { rows: [], total: 0 },
      },
      calls,
    );
    const bar = await screen.findByTestId('draft-bar');
    const title = (await screen.findByRole('textbox', { name: /标题/ })) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Published title' } });
    fireEvent.click(within(bar).getByRole('button', { name: /发布草稿/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
    // the change still waiting is saved first, so the draft published is the form's state
    expect(writes).toEqual(['PUT /api/cms/contents/8/draft', 'POST /api/cms/contents/8/draft/publish']);
    expect(sentOf(draftSaves(calls)[0]).title).toBe('Published title');
  });
});

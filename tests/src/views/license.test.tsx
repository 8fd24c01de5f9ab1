// The licence page against the real API on PGlite (realApi.ts): each test writes the licence row
// it is about, as a renewal does (docs/server.md), and reads what the server makes of it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LICENSE_KEY } from '../../../server/sys/license.ts';
import { useLanguageStore } from '../../../src/stores/language.ts';
import LicensePage from '../../../src/views/license/index.tsx';
import { type RealApi, startRealApi } from '../realApi.ts';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterAll(async () => {
  await api?.close();
});

/** The stored licence, as the server reads it; null removes it. */
async function license(stored: Record<string, unknown> | null) {
  await api.server.db.deleteFrom('sys_settings').where('key', '=', LICENSE_KEY).execute();
  if (stored) {
    await api.server.db
      .insertInto('sys_settings')
      .values({ key: LICENSE_KEY, value: JSON.stringify(stored) })
      .execute();
  }
}

function mount() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LicensePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('licence page', () => {
  beforeEach(() => {
    act(() => useLanguageStore.getState().setLang('en'));
  });

  it('shows the licence state from the server, with the time left as a day count', async () => {
    const expiresAt = new Date(Date.now() + (3 * 86_400 + 3600) * 1000 + 30_000).toISOString();
    await license({ edition: 'standard', expiresAt, holder: 'No. 1 Middle School' });
    mount();
    expect(await screen.findByText('The licence is valid')).toBeTruthy();
    expect(screen.getByText('No. 1 Middle School')).toBeTruthy();
    expect(screen.getByText('Standard')).toBeTruthy();
    expect(screen.getByText(/^3 d 1 h 0 min \d+ s$/)).toBeTruthy();
  });

  it('names the edition in Chinese on a Chinese page', async () => {
    act(() => useLanguageStore.getState().setLang('zh'));
    await license({ edition: 'standard', expiresAt: null, holder: '第一中学' });
    mount();
    expect(await screen.findByText('标准版')).toBeTruthy();
    expect(screen.getByText('版本')).toBeTruthy();
    expect(screen.getByText('第一中学')).toBeTruthy();
    expect(screen.queryByText('standard')).toBeNull();
  });

  it('shows an edition it has no name for as the server gives it', async () => {
    await license({ edition: 'campus', expiresAt: null });
    mount();
    expect(await screen.findByText('campus')).toBeTruthy();
  });

  it("says when the licence is missing, with the server's message without its 'license' prefix", async () => {
    await license(null);
    mount();
    expect(await screen.findByText('The licence is missing or has expired')).toBeTruthy();
    expect(screen.getByText('No licence is installed; ask the supplier for one.')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
  });

  it('says when the state could not be read, and reads it again on retry', async () => {
    await license({ edition: 'standard', expiresAt: null, holder: 'Retry School' });
    api.dropNext('GET', '/api/sys/license');
    mount();
    expect(await screen.findByText('The licence state could not be read')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The licence is valid')).toBeTruthy();
    expect(screen.getByText('Retry School')).toBeTruthy();
  });

  it('leads back home', async () => {
    await license({ edition: 'standard', expiresAt: null });
    mount();
    expect(await screen.findByRole('button', { name: 'Back to home' })).toBeTruthy();
  });
});

describe('licence page with an expired licence', () => {
  it("shows the state the failure carries, and the 'license' message without its prefix", async () => {
    act(() => useLanguageStore.getState().setLang('en'));
    await license({
      edition: 'standard',
      expiresAt: '2026-01-01T00:00:00.000Z',
      holder: 'No. 1 Middle School',
    });
    mount();
    expect(await screen.findByText('The licence is missing or has expired')).toBeTruthy();
    expect(screen.getByText('The licence ended on 2026-01-01; ask the supplier to renew it.')).toBeTruthy();
    expect(screen.getByText('No. 1 Middle School')).toBeTruthy();
  });
});

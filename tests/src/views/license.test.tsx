import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../runtime/client/apiError.ts';

vi.mock('../../../src/api/license.ts');

const { licenseRequest } = await import('../../../src/api/license.ts');
const { default: LicensePage } = await import('../../../src/views/license/index.tsx');
const { useLanguageStore } = await import('../../../src/stores/language.ts');

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
    vi.mocked(licenseRequest).mockReset();
  });

  it('shows the licence state from the server, with the time left as a day count', async () => {
    const expiresAt = new Date(Date.now() + (3 * 86_400 + 3600) * 1000 + 30_000).toISOString();
    vi.mocked(licenseRequest).mockResolvedValue({
      valid: true,
      holder: 'No. 1 Middle School',
      edition: 'standard',
      expiresAt,
    });
    mount();
    expect(await screen.findByText('The licence is valid')).toBeTruthy();
    expect(screen.getByText('No. 1 Middle School')).toBeTruthy();
    expect(screen.getByText('Standard')).toBeTruthy();
    expect(screen.getByText(/^3 d 1 h 0 min \d+ s$/)).toBeTruthy();
  });

  it('names the edition in Chinese on a Chinese page', async () => {
    act(() => useLanguageStore.getState().setLang('zh'));
    vi.mocked(licenseRequest).mockResolvedValue({
      valid: true,
      holder: '第一中学',
      edition: 'standard',
      expiresAt: null,
    });
    mount();
    expect(await screen.findByText('标准版')).toBeTruthy();
    expect(screen.getByText('版本')).toBeTruthy();
    expect(screen.queryByText('standard')).toBeNull();
  });

  it('shows an edition it has no name for as the server gives it', async () => {
    vi.mocked(licenseRequest).mockResolvedValue({
      valid: true,
      holder: null,
      edition: 'campus',
      expiresAt: null,
    });
    mount();
    expect(await screen.findByText('campus')).toBeTruthy();
  });

  it('says when the licence is missing or expired', async () => {
    vi.mocked(licenseRequest).mockResolvedValue({
      valid: false,
      holder: null,
      edition: 'trial',
      expiresAt: null,
    });
    mount();
    expect(await screen.findByText('The licence is missing or has expired')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
  });

  it("shows a server message beginning with 'license' without those 7 characters", async () => {
    vi.mocked(licenseRequest).mockRejectedValue(
      new ApiError({ status: 403, message: 'license file not found' }),
    );
    mount();
    expect(await screen.findByText('The licence state could not be read')).toBeTruthy();
    expect(screen.getByText('file not found')).toBeTruthy();
  });

  it('leads back home', async () => {
    vi.mocked(licenseRequest).mockResolvedValue({
      valid: true,
      holder: null,
      edition: 'standard',
      expiresAt: null,
    });
    mount();
    expect(await screen.findByRole('button', { name: 'Back to home' })).toBeTruthy();
  });
});

describe('licence page with an expired licence', () => {
  it("shows the state the failure carries, and the 'license' message without its prefix", async () => {
    act(() => useLanguageStore.getState().setLang('en'));
    vi.mocked(licenseRequest).mockRejectedValue(
      new ApiError({
        status: 403,
        message: 'license expired on 2026-01-01',
        data: { valid: false, holder: 'No. 1 Middle School', expiresAt: '2026-01-01T00:00:00.000Z' },
      }),
    );
    mount();
    expect(await screen.findByText('The licence is missing or has expired')).toBeTruthy();
    expect(screen.getByText('expired on 2026-01-01')).toBeTruthy();
    expect(screen.getByText('No. 1 Middle School')).toBeTruthy();
  });
});

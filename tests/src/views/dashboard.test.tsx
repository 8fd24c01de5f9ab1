import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHttp, renderPage } from '../harness.tsx';

vi.mock('../../../src/api/dashboard.ts');
// Chartist draws with SVG measurements jsdom does not have; the chart's own table carries the numbers
vi.mock('../../../src/components/dashboard/barChart.ts', () => ({
  BarChart: class {
    detach() {}
  },
}));

const { dashboardRequest } = await import('../../../src/api/dashboard.ts');
const { default: DashboardPage } = await import('../../../src/views/dashboard/index.tsx');
const { usePermissionStore } = await import('../../../src/stores/permission.ts');
const { useLanguageStore } = await import('../../../src/stores/language.ts');
const { useSessionStore } = await import('../../../src/stores/session.ts');

const figures = {
  users: 128,
  roles: 3,
  activeSessions: 2,
  recentLogins: [{ userName: 'admin', time: '2026-11-20T08:05:03.000Z', address: '127.0.0.1' }],
  resources: [{ name: 'contents', module: 'cms', title: { zh: '内容管理', en: 'Contents' }, count: 42 }],
  recentContents: [{ id: 7, title: 'Open day', publishTime: '2026-11-19T02:00:00.000Z' }],
  unreadReports: 4,
};

const answers = {
  // the calendar's month of publications; everything else comes with the figures
  'GET /api/cms/contents': {
    rows: [{ id: 1, title: 'Sports day', publishTime: new Date().toISOString(), status: 1 }],
    total: 1,
  },
};

function mount() {
  const { element } = renderPage(<DashboardPage />, fakeHttp(answers), '/dashboard');
  render(element);
}

describe('dashboard "my home"', () => {
  beforeEach(() => {
    act(() => useLanguageStore.getState().setLang('en'));
    useSessionStore.setState({ name: 'Alice' });
    usePermissionStore.setState({ permissions: ['*'] });
    vi.mocked(dashboardRequest)
      .mockReset()
      .mockResolvedValue({
        ...figures,
        contentsPerMonth: [
          { month: '2026-10', count: 5 },
          { month: '2026-11', count: 9 },
        ],
      });
  });

  it('shows the figures from the server', async () => {
    mount();
    expect(await screen.findByText('Welcome back, Alice')).toBeTruthy();
    // the contents card and the content figures both show it
    expect(await screen.findAllByText('42')).toHaveLength(2);
    expect(screen.getByText('128')).toBeTruthy();
    expect(within(screen.getByTestId('recent-logins')).getByText('127.0.0.1')).toBeTruthy();
  });

  it('counts the unread reported messages and marks them', async () => {
    mount();
    const card = await screen.findByTestId('unread-reports');
    expect(await within(card).findByText('4')).toBeTruthy();
    expect(card.querySelector('.ant-badge-dot')).not.toBeNull();
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/cms/reportedmessages?f.status=0');
  });

  it('charts the contents published per month', async () => {
    mount();
    const chart = await screen.findByTestId('contents-chart');
    const cells = [...chart.querySelectorAll('tbody td')].map((cell) => cell.textContent);
    expect(cells).toEqual(['2026-10', '5', '2026-11', '9']);
  });

  it('says so when the server does not report contents per month', async () => {
    vi.mocked(dashboardRequest).mockResolvedValue(figures);
    mount();
    expect(await screen.findByText('The server does not report contents per month yet')).toBeTruthy();
  });

  it('lists the newest contents, each leading to its news detail', async () => {
    mount();
    const link = await within(await screen.findByTestId('recent-contents')).findByRole('link', {
      name: 'Open day',
    });
    expect(link.getAttribute('href')).toBe('/newsDetail?id=7');
  });

  it('marks the days of this month with publications in the calendar', async () => {
    mount();
    const calendar = await screen.findByTestId('month-calendar');
    // Testing Library's wait, not vi.waitFor: the figures arrive and re-render the page while it
    // waits, which only its wait lets happen outside act without a warning
    await waitFor(() =>
      expect(calendar.querySelector('td[aria-current="date"]')?.className).toContain('marked'),
    );
  });

  it('leaves out what the user may not list', async () => {
    usePermissionStore.setState({ permissions: ['sys:users:list'] });
    mount();
    await screen.findByText('128');
    expect(screen.queryByTestId('unread-reports')).toBeNull();
    expect(screen.queryByTestId('recent-contents')).toBeNull();
    expect(screen.queryByTestId('contents-chart')).toBeNull();
    expect(screen.queryByText('Contents published per month')).toBeNull();
    expect(screen.getByTestId('recent-logins')).toBeTruthy();
  });

  it('draws no account, session or sign-in panel for a user who may not list users', async () => {
    usePermissionStore.setState({ permissions: ['cms:contents:list'] });
    // what the server answers such a user: the account figures are not in it
    vi.mocked(dashboardRequest).mockResolvedValue({
      resources: figures.resources,
      recentContents: figures.recentContents,
      contentsPerMonth: [{ month: '2026-11', count: 9 }],
    });
    mount();
    expect(await screen.findByTestId('contents-chart')).toBeTruthy();
    expect(await screen.findAllByText('42')).toHaveLength(2);
    expect(screen.queryByTestId('recent-logins')).toBeNull();
    expect(screen.queryByTestId('users-count')).toBeNull();
    expect(screen.queryByTestId('active-sessions')).toBeNull();
    expect(screen.queryByText('Recent sign-ins')).toBeNull();
    expect(screen.queryByText('Active sessions')).toBeNull();
  });
});

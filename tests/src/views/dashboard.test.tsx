// "My home" against the real API on PGlite (realApi.ts): a user signs in as the app does, each
// test makes the contents and messages it reads, and the page shows what the server reports to
// that user. The figures a test compares with are read from the same server just before the page.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../src/api/http.ts';
import { registerFeedback } from '../../../src/app/feedback.ts';
import { useLanguageStore } from '../../../src/stores/language.ts';
import { useSessionStore } from '../../../src/stores/session.ts';
import DashboardPage from '../../../src/views/dashboard/index.tsx';
import { call } from '../../server/harness.ts';
import { createRole } from '../../server/roleFixtures.ts';
import { renderPage } from '../harness.tsx';
import { type RealApi, startRealApi } from '../realApi.ts';

// Chartist draws with SVG measurements jsdom does not have; the chart's own table carries the numbers
vi.mock('../../../src/components/dashboard/barChart.ts', () => ({
  BarChart: class {
    detach() {}
  },
}));

let api: RealApi;
let categoryId: number;
beforeAll(async () => {
  api = await startRealApi();
  categoryId = (
    await api.asAdmin('POST', '/api/cms/contentCategorys', { categoryName: 'Dashboard', kind: 0 })
  ).id;
});
afterAll(async () => {
  await api?.close();
});

/** A content published now (or at `publishTime`); its id. */
async function published(title: string, publishTime = new Date()): Promise<number> {
  const { id } = await api.asAdmin('POST', '/api/cms/contents', {
    title,
    categoryId,
    body: '<p>text</p>',
    publishTime: publishTime.toISOString(),
  });
  await api.asAdmin('PUT', `/api/cms/contents/publish/${id}`);
  return id;
}

/** An unread message from the public, sent as the school's site sends it. */
async function reported(title: string): Promise<void> {
  const { id: mailboxTypeId } = await api.asAdmin('POST', '/api/cms/mailboxtypes', { typeName: title });
  const sent = await call(api.server.app, 'POST', '/api/cms/web/reportedmessages', {
    form: true,
    body: {
      mailboxTypeId: String(mailboxTypeId),
      title,
      content: 'The lights by the yard are out.',
      reporterName: 'A parent',
      reporterPhone: '13812345678',
    },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}

/** Signs in as a new user granted `codes` ('*': the administrator role), as the login page does. */
async function signIn(userName: string, codes: string[] | '*') {
  let roles = ['admin'];
  if (codes !== '*') {
    await createRole(api.server, `${userName}_role`, codes);
    roles = [`${userName}_role`];
  }
  const { password } = await api.user(userName, roles);
  await useSessionStore.getState().login({ userName, password });
  await useSessionStore.getState().fetchUserInfo();
}

/** What the server reports to the signed-in user, as the page will ask for it. */
async function figures() {
  return (await http.get('/api/sys/dashboard')).data.data;
}

function mount() {
  const { element } = renderPage(<DashboardPage />, http, '/dashboard');
  render(element);
}

describe('dashboard "my home"', () => {
  beforeEach(() => {
    act(() => useLanguageStore.getState().setLang('en'));
    useSessionStore.getState().resetToken();
  });

  it('shows the figures from the server', async () => {
    await signIn('dash_figures', '*');
    await published('Figures day');
    const expected = await figures();
    const contents = expected.resources.find((r: { name: string }) => r.name === 'contents').count;
    mount();
    expect(await screen.findByText('Welcome back, dash_figures')).toBeTruthy();
    const users = screen.getByTestId('users-count');
    expect(await within(users).findByText(String(expected.users))).toBeTruthy();
    const logins = screen.getByTestId('recent-logins');
    expect(await within(logins).findAllByText('dash_figures')).not.toHaveLength(0);
    expect(within(logins).getAllByText('127.0.0.1')).not.toHaveLength(0);
    // the contents card and the content figures both show it
    await waitFor(() => expect(screen.getAllByText(String(contents)).length).toBeGreaterThanOrEqual(2));
  });

  it('counts the unread reported messages and marks them', async () => {
    await signIn('dash_reports', '*');
    await reported('Yard lights');
    const { unreadReports } = await figures();
    expect(unreadReports).toBeGreaterThan(0);
    mount();
    const card = await screen.findByTestId('unread-reports');
    expect(await within(card).findByText(String(unreadReports))).toBeTruthy();
    expect(card.querySelector('.ant-badge-dot')).not.toBeNull();
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/cms/reportedmessages?f.status=0');
  });

  it('charts the contents published per month', async () => {
    await signIn('dash_chart', '*');
    await published('Chart day');
    const { contentsPerMonth } = await figures();
    mount();
    const chart = await screen.findByTestId('contents-chart');
    const cells = [...chart.querySelectorAll('tbody td')].map((cell) => cell.textContent);
    expect(cells).toEqual(
      contentsPerMonth.flatMap((m: { month: string; count: number }) => [m.month, String(m.count)]),
    );
    expect(contentsPerMonth.at(-1).count).toBeGreaterThan(0);
  });

  it('says so when the server does not report contents per month', async () => {
    await signIn('dash_older', '*');
    // a server built from schemas without the contents resource: older than the app's pages. Its
    // figures carry no calendar month, and the calendar asks for none (the shell's FeedbackBridge
    // would get the failure of a call the server does not have; here the test gets it).
    const withoutContents = { ...api.server.manifest };
    withoutContents.resources = withoutContents.resources.filter((r) => r.name !== 'contents');
    api.serve(await api.server.reopen({}, withoutContents));
    const toasts: string[] = [];
    registerFeedback({ error: (message) => toasts.push(message), tokenFailed: async () => {} });
    try {
      mount();
      expect(await screen.findByText('The server does not report contents per month yet')).toBeTruthy();
      expect(screen.getByTestId('month-calendar').querySelectorAll('td.marked')).toHaveLength(0);
      expect(toasts).toEqual([]);
    } finally {
      registerFeedback(null);
      api.serve(api.server.app);
    }
  });

  it('lists the newest contents, each leading to its news detail', async () => {
    await signIn('dash_newest', '*');
    const id = await published('Open day');
    mount();
    const link = await within(await screen.findByTestId('recent-contents')).findByRole('link', {
      name: 'Open day',
    });
    expect(link.getAttribute('href')).toBe(`/newsDetail?id=${id}`);
  });

  it('marks the days of this month with publications in the calendar', async () => {
    await signIn('dash_calendar', '*');
    await published('Calendar day');
    mount();
    const calendar = await screen.findByTestId('month-calendar');
    // Testing Library's wait, not vi.waitFor: the figures arrive and re-render the page while it
    // waits, which only its wait lets happen outside act without a warning
    await waitFor(() =>
      expect(calendar.querySelector('td[aria-current="date"]')?.className).toContain('marked'),
    );
  });

  it('marks another month from one count of its days, asked for when the user moves to it', async () => {
    await signIn('dash_calendar_prev', '*');
    const now = new Date();
    const lastMonth15 = new Date(now.getFullYear(), now.getMonth() - 1, 15, 10, 0, 0);
    await published('Last month', lastMonth15);
    await published('Last month too', lastMonth15);
    const asked: string[] = [];
    const seen = http.interceptors.request.use((config) => {
      asked.push(String(config.url));
      return config;
    });
    try {
      mount();
      const calendar = await screen.findByTestId('month-calendar');
      await waitFor(() => expect(calendar.querySelector('td[aria-current="date"]')).toBeTruthy());
      act(() => within(calendar).getByRole('button', { name: 'Previous month' }).click());
      const day = await waitFor(() => {
        const cell = [...calendar.querySelectorAll('td.marked:not(.other-month)')].find(
          (td) => td.textContent === '15',
        );
        expect(cell).toBeTruthy();
        return cell!;
      });
      expect(day.getAttribute('title')).toMatch(/2/);
      // this month came with the figures; the other month is the calendar call, not a list
      expect(asked.filter((url) => url.includes('/api/sys/dashboard/calendar'))).toHaveLength(1);
      expect(asked.some((url) => url.startsWith('/api/cms/contents'))).toBe(false);
    } finally {
      http.interceptors.request.eject(seen);
    }
  });

  it('leaves out what the user may not list', async () => {
    await signIn('dash_users', ['sys:users:list']);
    const { users } = await figures();
    mount();
    const card = await screen.findByTestId('users-count');
    expect(await within(card).findByText(String(users))).toBeTruthy();
    expect(screen.getByTestId('recent-logins')).toBeTruthy();
    expect(screen.queryByTestId('unread-reports')).toBeNull();
    expect(screen.queryByTestId('recent-contents')).toBeNull();
    expect(screen.queryByTestId('contents-chart')).toBeNull();
    expect(screen.queryByText('Contents published per month')).toBeNull();
  });

  it('draws no account, session or sign-in panel for a user who may not list users', async () => {
    await signIn('dash_contents', ['cms:contents:list']);
    await published('Contents only');
    mount();
    expect(await screen.findByTestId('contents-chart')).toBeTruthy();
    expect(
      await within(await screen.findByTestId('recent-contents')).findByText('Contents only'),
    ).toBeTruthy();
    expect(screen.queryByTestId('recent-logins')).toBeNull();
    expect(screen.queryByTestId('users-count')).toBeNull();
    expect(screen.queryByTestId('active-sessions')).toBeNull();
    expect(screen.queryByText('Recent sign-ins')).toBeNull();
    expect(screen.queryByText('Active sessions')).toBeNull();
  });
});

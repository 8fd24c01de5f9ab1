// The form and the resource's rules across fields: a broken rule's message appears on its field
// while the user edits, before any save, and a save is held until the rules hold. The rules are
// those of the server tests' trips resource and of the CMS's school info (phone or email).
import { readFile } from 'node:fs/promises';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaTexts } from '../../../runtime/schema/load.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { ResourceForm } from '../../../runtime/ui/ResourceForm.tsx';
import { startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

let server: TestServer;
let resources: Resource[];
let trips: Resource;
beforeAll(async () => {
  server = await startServer();
  resources = await loadResources();
  const text = await readFile('tests/server/ruleFixtures/qa/trips.yaml', 'utf8');
  const loaded = loadSchemaTexts([{ path: 'qa/trips.yaml', text }], '.');
  expect(loaded.problems).toEqual([]);
  trips = loaded.resources[0];
});
afterAll(async () => {
  await server.close();
});

function renderForm(
  resource: Resource,
  options: { mode?: 'create' | 'update'; initial?: Record<string, unknown>; lang?: 'zh' | 'en' } = {},
) {
  const sent: Array<Record<string, unknown>> = [];
  render(
    <Providers http={testHttp(server)} resources={[...resources, trips]}>
      <ResourceForm
        resource={resource}
        mode={options.mode ?? 'create'}
        initial={options.initial}
        lang={options.lang ?? 'zh'}
        onSubmit={async (values) => {
          sent.push(values);
        }}
      />
    </Providers>,
  );
  return sent;
}

const errorOf = (field: string) => document.getElementById(`root_${field}__error`)?.textContent ?? '';

describe('ResourceForm with rules across fields', () => {
  it('shows a rule on a field that has a help text, beside the help, not hidden by it', async () => {
    const contents = resourceNamed(resources, 'contents');
    const sent = renderForm(contents, {
      mode: 'update',
      initial: {
        id: 3,
        title: '规则与帮助',
        body: '<p>正文</p>',
        publishTime: '2026-06-01T02:00:00.000Z',
        unpublishTime: '2026-05-01T02:00:00.000Z',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(errorOf('unpublishTime')).toContain('下线时间须晚于发布时间'));
    const item = document
      .getElementById('root_unpublishTime__error')!
      .closest('.ant-form-item') as HTMLElement;
    expect(item.textContent).toContain('到此时间后网站不再显示');
    expect(sent).toHaveLength(0);
  });

  it('shows a broken comparison on its field as the user types, and takes it away once it holds', async () => {
    const sent = renderForm(trips, {
      mode: 'update',
      initial: { id: 7, name: '春游', email: 'a@school.example', minSeats: 5, maxSeats: 8 },
    });
    // nothing is wrong with the row as read
    expect(errorOf('maxSeats')).toBe('');
    fireEvent.change(screen.getByLabelText(/最多人数/), { target: { value: '3' } });
    await waitFor(() => expect(errorOf('maxSeats')).toContain('最多人数不能少于最少人数'));
    fireEvent.change(screen.getByLabelText(/最多人数/), { target: { value: '5' } });
    await waitFor(() => expect(errorOf('maxSeats')).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ minSeats: 5, maxSeats: 5 });
  });

  it('holds a save that breaks a rule, with the message on the field the rule names, in the page language', async () => {
    const sent = renderForm(trips, { lang: 'en' });
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Outing' } });
    // the contact fields were not touched yet: no message before a save is tried
    expect(errorOf('email')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('email')).toContain('Give a phone number or an email address'));
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '0571-1234' } });
    await waitFor(() => expect(errorOf('email')).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Outing', phone: '0571-1234' });
  });

  it('judges dates of the row read when a save is tried, though no field was touched', async () => {
    const sent = renderForm(trips, {
      mode: 'update',
      initial: { id: 8, name: '秋游', phone: '0571-1', startDate: '2026-05-03', endDate: '2026-05-01' },
    });
    expect(errorOf('endDate')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(errorOf('endDate')).toContain('返回日期须晚于出发日期'));
    expect(sent).toHaveLength(0);
  });

  it('shows the school CMS rule on the school info form once the last contact is cleared', async () => {
    const companys = resourceNamed(resources, 'companys');
    renderForm(companys, {
      mode: 'update',
      initial: { id: 1, companyName: '明德实验学校', phone: '0571-8888 6000' },
    });
    fireEvent.change(screen.getByLabelText(/电话/), { target: { value: '' } });
    await waitFor(() => expect(errorOf('phone')).toContain('电话和邮箱至少填写一项'));
  });
});

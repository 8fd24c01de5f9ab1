// The media library dialog against the real API on PGlite: uploads listed newest first as
// thumbnails, searched and filtered through the server, chosen into the field or editor that
// opened it; the unused view removes what an administrator ticks, and says which files a row
// took up meanwhile.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '../../../runtime/contract.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { MediaLibraryDialog } from '../../../runtime/ui/MediaLibraryDialog.tsx';
import { ResourceForm } from '../../../runtime/ui/ResourceForm.tsx';
import { dynamicDb } from '../../../server/db/tables.ts';
import { gradientPng } from '../../../server/seed/sampleImages.ts';
import {
  ADMIN_PASSWORD,
  backends,
  createUser,
  login,
  postFile,
  startServer,
  type TestServer,
} from '../../server/harness.ts';
import { type TestServer as Stub, startServer as startStub } from '../client/testServer.ts';
import { forwardTo } from './apiProxy.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let api: TestServer;
let stub: Stub;
let resources: Resource[];
let admin: string;
let editor: string;
/** the session the page sends: each test picks whose */
let token = '';

beforeAll(async () => {
  api = await startServer(backends[0], { unusedFileGraceMs: 0 });
  admin = await login(api.app, 'admin', ADMIN_PASSWORD);
  const user = await createUser(api, 'dialog1', ['editor']);
  editor = await login(api.app, 'dialog1', user.password);
  stub = await startStub(forwardTo(api.app, () => token));
  resources = await loadResources();
}, 120_000);
afterAll(async () => {
  await stub?.close();
  await api?.close();
});

async function upload(name: string, bytes: Buffer): Promise<{ url: string; fileName: string }> {
  const answer = await postFile(api.app, '/api/common/upload', editor, name, bytes);
  expect(answer.status).toBe(200);
  return answer.body.data;
}
const png = (width: number) => gradientPng(width, 20, '#204060', '#a0c0e0');

function renderDialog(props: Partial<Parameters<typeof MediaLibraryDialog>[0]> = {}) {
  const chosen: MediaItem[] = [];
  const onClose = vi.fn();
  render(
    <Providers http={testHttp(stub)} resources={resources}>
      <MediaLibraryDialog
        open
        lang="en"
        onSelect={(item) => chosen.push(item)}
        onClose={onClose}
        {...props}
      />
    </Providers>,
  );
  return { chosen, onClose };
}

// found by label and text, not role: a role query over a form and a dialog is slow enough under
// jsdom to outlast any wait
const grid = async () => {
  await waitFor(() =>
    expect(document.querySelector('[role="list"][aria-label="Media library"]')).toBeTruthy(),
  );
  return document.querySelector('[role="list"][aria-label="Media library"]') as HTMLElement;
};
const tileNames = async () =>
  [...(await grid()).querySelectorAll('button[aria-label]')].map((b) => b.getAttribute('aria-label'));
const tile = (name: string) => screen.findByLabelText(name, { selector: 'button' });
const button = async (text: string) => (await screen.findByText(text)).closest('button') as HTMLButtonElement;

describe('MediaLibraryDialog', () => {
  it('shows the uploads newest first as thumbnails, searches and filters on the server, and hands back the choice', async () => {
    token = editor;
    const gate = await upload('dlg-gate.png', png(30));
    await upload('dlg-plan.pdf', PDF);
    const yard = await upload('dlg-yard.png', png(31));
    const { chosen, onClose } = renderDialog();
    fireEvent.change(screen.getByPlaceholderText('Search file names'), { target: { value: 'dlg-' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search file names'), { key: 'Enter', code: 'Enter' });
    await waitFor(async () =>
      expect(await tileNames()).toEqual(['dlg-yard.png', 'dlg-plan.pdf', 'dlg-gate.png']),
    );
    const sent = stub.received.filter((r) => r.path === '/api/common/media').at(-1)!;
    expect(Object.fromEntries(sent.query)).toEqual({ page: '1', limit: '24', name: 'dlg-' });
    const yardTile = await tile('dlg-yard.png');
    expect(yardTile.querySelector('img')?.getAttribute('src')).toBe(yard.url.replace('.png', '_thumb.webp'));
    expect(yardTile.textContent).toContain('31×20');

    fireEvent.click(screen.getByText('Other files'));
    await waitFor(async () => expect(await tileNames()).toEqual(['dlg-plan.pdf']));
    fireEvent.click(screen.getByText('Pictures'));
    await waitFor(async () => expect(await tileNames()).toEqual(['dlg-yard.png', 'dlg-gate.png']));
    fireEvent.click(await tile('dlg-gate.png'));
    expect(chosen.map((c) => c.url)).toEqual([gate.url]);
    expect(onClose).toHaveBeenCalled();
  });

  it('offers only pictures to a picture field, and disables the ones its rules refuse', async () => {
    token = editor;
    await upload('rule-small.png', png(20));
    await upload('rule-wide.png', png(90));
    renderDialog({
      kind: 'image',
      refuse: (item) => ((item.width ?? 0) > 50 ? 'too wide' : undefined),
    });
    fireEvent.change(screen.getByPlaceholderText('Search file names'), { target: { value: 'rule-' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search file names'), { key: 'Enter', code: 'Enter' });
    await waitFor(async () => expect(await tileNames()).toEqual(['rule-wide.png', 'rule-small.png']));
    expect(screen.queryByText('Other files')).toBeNull();
    expect(stub.received.at(-1)?.query.get('kind')).toBe('image');
    expect(await tile('rule-wide.png')).toHaveProperty('disabled', true);
    expect(await tile('rule-small.png')).toHaveProperty('disabled', false);
  });

  it('lists unused uploads, removes the ticked ones for an administrator, and names a file a row took up meanwhile', async () => {
    token = admin;
    const spare = await upload('unused-spare.png', png(22));
    const late = await upload('unused-late.png', png(23));
    renderDialog();
    fireEvent.click(await screen.findByText('Unused files'));
    fireEvent.change(screen.getByPlaceholderText('Search file names'), { target: { value: 'unused-' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search file names'), { key: 'Enter', code: 'Enter' });
    await waitFor(async () => expect(await tileNames()).toEqual(['unused-late.png', 'unused-spare.png']));
    // a row starts using one after the list was drawn
    const pictures = resources.find((r) => r.name === 'pictures')!;
    await dynamicDb(api.db)
      .insertInto(api.manifest.resources.find((r) => r.name === pictures.name)!.table)
      .values({ title: 'late', image: late.url })
      .execute();
    fireEvent.click(screen.getByLabelText('Select “unused-late.png” for removal'));
    fireEvent.click(screen.getByLabelText('Select “unused-spare.png” for removal'));
    fireEvent.click(await button('Remove selected (2)'));
    fireEvent.click(await button('OK'));
    expect(
      await screen.findByText('Nothing removed: these files are in use or newly uploaded: unused-late.png'),
    ).toBeTruthy();
    await waitFor(async () => expect(await tileNames()).toEqual(['unused-spare.png']));
    // the tick of the file taken up is gone; the other stays for another try
    fireEvent.click(await button('Remove selected (1)'));
    // the confirmation asked anew, for one file
    await screen.findByText('Remove the 1 selected files for good?');
    const confirms = screen.getAllByText('OK');
    fireEvent.click(confirms[confirms.length - 1].closest('button')!);
    expect(await screen.findByText('1 files removed')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('No files found')).toBeTruthy());
    const left = await api.db
      .selectFrom('sys_files')
      .select('name')
      .where('name', '=', spare.fileName)
      .execute();
    expect(left).toEqual([]);
  });

  it('shows an editor the unused uploads without the means to remove them', async () => {
    token = editor;
    await upload('keep-spare.png', png(24));
    renderDialog();
    fireEvent.click(await screen.findByText('Unused files'));
    expect(await screen.findByText('Only an administrator can remove unused files.')).toBeTruthy();
    expect(screen.queryByText(/Remove selected/)).toBeNull();
    expect(screen.queryByLabelText(/for removal/)).toBeNull();
  });

  it('is opened from an image field, and the field holds what is chosen', async () => {
    token = editor;
    const picked = await upload('form-pick.png', png(25));
    const saved: Array<Record<string, unknown>> = [];
    render(
      <Providers http={testHttp(stub)} resources={resources}>
        <ResourceForm
          resource={resourceNamed(resources, 'pictures')}
          mode="create"
          lang="en"
          onSubmit={async (values) => {
            saved.push(values);
          }}
        />
      </Providers>,
    );
    fireEvent.click(await button('Choose from library'));
    fireEvent.click(await tile('form-pick.png'));
    await waitFor(() =>
      expect(screen.getByTestId('upload-image').querySelector('img')?.getAttribute('src')).toBe(picked.url),
    );
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Picked' } });
    fireEvent.click(screen.getByText(/Save/).closest('button')!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].image).toBe(picked.url);
  });
});

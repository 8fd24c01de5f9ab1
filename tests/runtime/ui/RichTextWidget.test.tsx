// The `richtext` widget in the contents form: the editor loads on demand, shows the stored HTML,
// its toolbar changes it, and the form saves what the editor holds.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Resource } from '../../../runtime/schema/types.ts';
import { ResourceForm } from '../../../runtime/ui/ResourceForm.tsx';
import { failure, ok, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

let server: TestServer;
let resources: Resource[];
beforeAll(async () => {
  server = await startServer(() =>
    ok({ rows: [{ id: 3, categoryName: '学校新闻', parentId: 0 }], total: 1 }),
  );
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});

const CONTENT = {
  id: 7,
  title: '开学通知',
  categoryId: 3,
  isLink: false,
  publishTime: '2026-09-01T08:00:00+08:00',
  pinned: false,
  body: '<p>正文<strong>加粗</strong></p>',
};

function renderContentForm(onSubmit: (values: Record<string, unknown>) => Promise<unknown>) {
  const http = testHttp(server);
  render(
    <Providers http={http} resources={resources}>
      <ResourceForm
        resource={resourceNamed(resources, 'contents')}
        mode="update"
        initial={CONTENT}
        onSubmit={onSubmit}
      />
    </Providers>,
  );
}

// found by label and text: a role query over the page hangs jsdom once the editor holds a selection
const toolbarButton = (name: string) => screen.getByLabelText(name);
const saveButton = () => screen.getByText(/保\s*存/).closest('button')!;

async function openEditor(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('tab', { name: '正文' }));
  // the editor's code loads on demand, which the first time takes a while under jsdom
  await waitFor(() => expect(document.querySelector('[contenteditable]')).toBeTruthy());
  return screen.getByRole('textbox', { name: '正文' });
}

describe('the richtext widget', () => {
  it('shows the stored HTML in the editor and saves it unchanged', async () => {
    const onSubmit = vi.fn(async (_values: Record<string, unknown>) => undefined);
    renderContentForm(onSubmit);
    const editor = await openEditor();
    expect(editor.getAttribute('contenteditable')).toBe('true');
    expect(within(editor).getByText('加粗').tagName).toBe('STRONG');
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ body: '<p>正文<strong>加粗</strong></p>' });
  });

  it('applies a toolbar format to the selection, and the form saves the new HTML', async () => {
    const onSubmit = vi.fn(async (_values: Record<string, unknown>) => undefined);
    renderContentForm(onSubmit);
    const editor = await openEditor();
    editor.focus();
    // select everything, then bold: not all of it was bold, so all of it becomes bold
    fireEvent.keyDown(editor, { key: 'a', code: 'KeyA', ctrlKey: true });
    fireEvent.click(toolbarButton('加粗'));
    expect(editor.innerHTML).toBe('<p><strong>正文加粗</strong></p>');
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ body: '<p><strong>正文加粗</strong></p>' });
  });

  it('reports an emptied editor as a missing body, which the form requires', async () => {
    const onSubmit = vi.fn(async (_values: Record<string, unknown>) => undefined);
    renderContentForm(onSubmit);
    const editor = await openEditor();
    editor.focus();
    fireEvent.keyDown(editor, { key: 'a', code: 'KeyA', ctrlKey: true });
    fireEvent.keyDown(editor, { key: 'Backspace', code: 'Backspace' });
    await waitFor(() => expect(editor.textContent).toBe(''));
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toMatch(/正文/),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
  const LIST = ok({ rows: [{ id: 3, categoryName: '学校新闻', parentId: 0 }], total: 1 });

  it('uploads a picked picture and inserts it by the URL the server gives back', async () => {
    server.handle((req) =>
      req.path === '/api/common/upload'
        ? ok({
            url: '/uploads/ab12.png',
            fileName: 'ab12.png',
            originalName: 'shot.png',
            size: 4,
            type: 'image/png',
          })
        : LIST,
    );
    const onSubmit = vi.fn(async (_values: Record<string, unknown>) => undefined);
    renderContentForm(onSubmit);
    const editor = await openEditor();
    fireEvent.change(screen.getByLabelText('上传图片', { selector: 'input' }), {
      target: { files: [png()] },
    });
    await waitFor(() => expect(editor.querySelector('img')?.getAttribute('src')).toBe('/uploads/ab12.png'));
    const sent = server.received.find((r) => r.path === '/api/common/upload');
    expect(sent?.body).toMatch(/name="field"\r\n\r\nbody\r\n/);
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(String(onSubmit.mock.calls[0][0].body)).toContain('<img src="/uploads/ab12.png">');
  });

  it('uploads a pasted screenshot instead of keeping it as data, and a refusal leaves the text as it was', async () => {
    server.handle((req) =>
      req.path === '/api/common/upload'
        ? failure(400, 'validation failed', { errors: { body: 'the picture cannot be read' } })
        : LIST,
    );
    renderContentForm(vi.fn(async () => undefined));
    const editor = await openEditor();
    editor.focus();
    const before = editor.innerHTML;
    fireEvent.paste(editor, { clipboardData: { files: [png()], types: ['Files'], getData: () => '' } });
    expect((await screen.findByRole('alert')).textContent).toBe('上传失败：the picture cannot be read');
    expect(editor.innerHTML).toBe(before);
    expect(editor.innerHTML).not.toContain('data:');
  });

  it('inserts a picture and, as a link, a file chosen from the media library', async () => {
    const item = (fileName: string, originalName: string, kind: 'image' | 'file', url: string) => ({
      fileName,
      originalName,
      kind,
      url,
      thumbUrl: kind === 'image' ? url : null,
      type: kind === 'image' ? 'image/png' : 'application/pdf',
      size: 10,
      width: null,
      height: null,
      userId: 1,
      createTime: '2026-11-25T08:00:00.000Z',
    });
    const media = [
      item('cd34.png', '校门.png', 'image', '/uploads/cd34.png'),
      item('ef56.pdf', '课表.pdf', 'file', '/common/download?fileName=ef56.pdf'),
    ];
    server.handle((req) => (req.path === '/api/common/media' ? ok({ rows: media, total: 2 }) : LIST));
    const onSubmit = vi.fn(async (_values: Record<string, unknown>) => undefined);
    renderContentForm(onSubmit);
    const editor = await openEditor();
    /** opens the library and chooses the tile; a closed dialog may linger hidden, so the last one */
    const choose = async (name: string) => {
      fireEvent.click(toolbarButton('从媒体库插入'));
      const tiles = await screen.findAllByLabelText(name, { selector: 'button' });
      fireEvent.click(tiles[tiles.length - 1]);
    };
    await choose('校门.png');
    await waitFor(() => expect(editor.querySelector('img')?.getAttribute('src')).toBe('/uploads/cd34.png'));
    await choose('课表.pdf');
    await waitFor(() =>
      expect(editor.querySelector('a')?.getAttribute('href')).toBe('/common/download?fileName=ef56.pdf'),
    );
    expect(editor.querySelector('a')?.textContent).toBe('课表.pdf');
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const body = String(onSubmit.mock.calls[0][0].body);
    expect(body).toContain('src="/uploads/cd34.png"');
    expect(body).toContain('href="/common/download?fileName=ef56.pdf"');
  });
});

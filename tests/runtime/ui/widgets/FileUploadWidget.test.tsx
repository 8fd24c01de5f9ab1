import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../../../runtime/schema/types.ts';
import { ResourceForm } from '../../../../runtime/ui/ResourceForm.tsx';
import { storedFileName } from '../../../../runtime/ui/widgets/FileUploadWidget.tsx';
import { failure, ok, startServer, type TestServer } from '../../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from '../harness.tsx';

let server: TestServer;
let resources: Resource[];
beforeAll(async () => {
  server = await startServer();
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});

const STORED = {
  url: '/uploads/0123abcd.png',
  fileName: '0123abcd.png',
  originalName: 'a.png',
  size: 3,
  type: 'image/png',
};

/** The pictures form, whose `image` field is an upload; submits hand their values to `saved`. */
function renderPictureForm(saved: Array<Record<string, unknown>>, initial?: Record<string, unknown>) {
  const http = testHttp(server);
  render(
    <Providers http={http} resources={resources}>
      <ResourceForm
        resource={resourceNamed(resources, 'pictures')}
        mode={initial ? 'update' : 'create'}
        initial={initial}
        lang="en"
        onSubmit={async (values) => {
          saved.push(values);
        }}
      />
    </Providers>,
  );
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

function fileInput(): HTMLInputElement {
  const input = screen.getByTestId('upload-image').querySelector('input[type="file"]');
  if (!input) throw new Error('no file input in the image field');
  return input as HTMLInputElement;
}

describe('FileUploadWidget', () => {
  it('uploads a picked file for its field and stores the URL the server gives back', async () => {
    server.handle((req) => (req.path === '/api/common/upload' ? ok(STORED) : ok({ rows: [], total: 0 })));
    const saved: Array<Record<string, unknown>> = [];
    renderPictureForm(saved);
    fireEvent.change(fileInput(), { target: { files: [png()] } });
    await waitFor(() => expect(screen.getByTestId('upload-image').querySelector('img')).not.toBeNull());
    expect(screen.getByTestId('upload-image').querySelector('img')?.getAttribute('src')).toBe(STORED.url);
    const sent = server.received.find((r) => r.path === '/api/common/upload');
    expect(sent?.body).toMatch(/name="resource"\r\n\r\npictures\r\n/);
    expect(sent?.body).toMatch(/name="field"\r\n\r\nimage\r\n/);
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Gate' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].image).toBe(STORED.url);
  });

  it('uploads a file pasted into the field', async () => {
    server.handle((req) => (req.path === '/api/common/upload' ? ok(STORED) : ok({ rows: [], total: 0 })));
    renderPictureForm([]);
    fireEvent.paste(screen.getByTestId('upload-image'), { clipboardData: { files: [png()] } });
    await waitFor(() =>
      expect(screen.getByTestId('upload-image').querySelector('img')?.getAttribute('src')).toBe(STORED.url),
    );
  });

  it('says why a refused file was refused and keeps the value it had', async () => {
    server.handle((req) =>
      req.path === '/api/common/upload'
        ? failure(400, 'validation failed', { errors: { file: 'only jpg, png files can be uploaded' } })
        : ok({ rows: [], total: 0 }),
    );
    const saved: Array<Record<string, unknown>> = [];
    renderPictureForm(saved, { id: 5, title: 'Gate', image: '/uploads/old.png' });
    fireEvent.change(fileInput(), { target: { files: [png()] } });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Upload failed: only jpg, png files can be uploaded',
    );
    expect(screen.getByTestId('upload-image').querySelector('img')?.getAttribute('src')).toBe(
      '/uploads/old.png',
    );
  });

  it('refuses a file the field does not accept before sending it, naming the rule', async () => {
    server.handle((req) => (req.path === '/api/common/upload' ? ok(STORED) : ok({ rows: [], total: 0 })));
    const before = server.received.length;
    renderPictureForm([]);
    const gif = new File([new Uint8Array([71, 73, 70])], 'a.gif', { type: 'image/gif' });
    fireEvent.change(fileInput(), { target: { files: [gif] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Upload failed: only image/jpeg, image/png, image/webp files are accepted (accept)',
    );
    expect(server.received.slice(before).some((r) => r.path === '/api/common/upload')).toBe(false);
  });

  it('names a stored file by its download fileName or its path', () => {
    expect(storedFileName('/common/download?fileName=ab12.pdf')).toBe('ab12.pdf');
    expect(storedFileName('/uploads/ab12.png')).toBe('ab12.png');
  });
});

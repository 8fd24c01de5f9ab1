// The form as the list page's drawer and dialogs draw it: a skeleton until its code is here, then
// the form itself, its code loaded once however often it is asked for; code loaded ahead (the
// pointer on 新增) draws the form with no skeleton between.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../../runtime/schema/types.ts';
import { LazyResourceForm, loadResourceForm } from '../../../runtime/ui/LazyResourceForm.tsx';
import { hasRichText, LazyRichTextEditor } from '../../../runtime/ui/widgets/richTextEditorCode.ts';
import { startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';

let server: TestServer;
let resources: Resource[];
beforeAll(async () => {
  server = await startServer();
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});

describe('LazyResourceForm', () => {
  it('draws a skeleton until the form’s code is loaded, then the form, its code loaded once', async () => {
    const types = resourceNamed(resources, 'mailboxtypes');
    const { container } = render(
      <Providers http={testHttp(server)} resources={resources}>
        <LazyResourceForm resource={types} mode="create" lang="zh" onSubmit={async () => {}} />
      </Providers>,
    );
    // this file imports the form's module only through loadResourceForm: its first render waits
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();

    await screen.findByRole('button', { name: /保\s*存/ });
    expect(container.querySelector('.ant-skeleton')).toBeNull();
    // the drawer's and the create button's calls share the one load
    expect(loadResourceForm()).toBe(loadResourceForm());
  });

  it('draws the form at once, with no skeleton, once its code was loaded before', async () => {
    await loadResourceForm();
    const { container } = render(
      <Providers http={testHttp(server)} resources={resources}>
        <LazyResourceForm
          resource={resourceNamed(resources, 'mailboxtypes')}
          mode="create"
          lang="zh"
          onSubmit={async () => {}}
        />
      </Providers>,
    );
    expect(container.querySelector('.ant-skeleton')).toBeNull();
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeTruthy();
  });

  it('asks for the rich-text editor’s code beside the form’s, for a form that draws the editor', async () => {
    const company = resourceNamed(resources, 'companys');
    expect(hasRichText(company)).toBe(true);
    expect(hasRichText(resourceNamed(resources, 'mailboxtypes'))).toBe(false);
    await loadResourceForm(company);
    // the editor's code is here: it is drawn at once, with no fallback in its place
    render(
      <Suspense fallback={<span>等待编辑器</span>}>
        <LazyRichTextEditor id="intro" value="<p>学校简介</p>" onChange={() => {}} lang="zh" label="简介" />
      </Suspense>,
    );
    expect(screen.queryByText('等待编辑器')).toBeNull();
    expect(document.getElementById('intro')).not.toBeNull();
  });
});

// The list page's dialogs as it draws them: nothing until a dialog's code is here, then the
// dialog; their code loaded once however often it is asked for; code loaded ahead (the pointer
// reaching the toolbar or a row's actions) draws a dialog in the render that opens it.
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { ImportDialog, loadListDialogs } from '../../../runtime/ui/LazyListDialogs.tsx';
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

function importDialog() {
  const http = testHttp(server);
  const client = createResourceClient(http, resourceNamed(resources, 'mailboxtypes'));
  return render(
    <Providers http={http} resources={resources}>
      <ImportDialog client={client} lang="zh" can={() => true} onImported={() => {}} onClose={() => {}} />
    </Providers>,
  );
}

describe('LazyListDialogs', () => {
  it('draws nothing until the dialog’s code is loaded, then the dialog, the code loaded once', async () => {
    const { unmount } = importDialog();
    // this file imports the dialogs' modules only through LazyListDialogs: the first render waits
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(await screen.findByRole('dialog', { name: /导入/ })).toBeTruthy();
    // the pointer and the focus on the toolbar and the rows' actions ask for the same one load
    expect(loadListDialogs()).toBe(loadListDialogs());
    unmount();
  });

  it('draws the dialog in the render that opens it once its code was loaded before', async () => {
    await loadListDialogs();
    importDialog();
    expect(screen.getByRole('dialog', { name: /导入/ })).toBeTruthy();
  });
});

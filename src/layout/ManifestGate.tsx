// The pages inside the shell are made from the server's manifest: until it is here they wait
// (the frame around them draws at once), and a failed fetch offers a retry.

import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { ResourcesProvider } from '../../runtime/ui/ResourcesContext.tsx';
import { http } from '../api/http.ts';
import { manifestQuery } from '../app/manifest.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { useT } from '../i18n/useT.ts';

export function ManifestGate({ children }: { children: ReactNode }) {
  const t = useT();
  const manifest = useQuery(manifestQuery);
  if (manifest.data) {
    return (
      <ResourcesProvider http={http} resources={manifest.data.resources}>
        {children}
      </ResourcesProvider>
    );
  }
  // in the content area's own box, below the header and tab strip, as a page would be
  return (
    <main className="app-main">
      {manifest.isError ? (
        <Result
          status="warning"
          title={t('manifestFailed')}
          extra={
            <Button type="primary" onClick={() => manifest.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <PageLoading />
      )}
    </main>
  );
}

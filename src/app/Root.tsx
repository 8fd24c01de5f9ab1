// Everything around the router: react-query, and the document's language. antd (its theme, App
// with toasts and the login-expired confirm) and the resource clients are the shell's and the
// antd pages' own: the sign-in page shows its own failures and loads neither.

import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { router } from '../router/router.tsx';
import { useLanguageStore } from '../stores/language.ts';
import { queryClient } from './queryClient.ts';

export function Root() {
  const lang = useLanguageStore((s) => s.lang);
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

// A page of the app signed in as the admin without the sign-in form, for the browser benchmarks
// that measure what comes after it: the server signs in, and the page finds the session in its
// session storage from its first script on, as a reload after a sign-in does.
import type { BrowserContext, Page } from 'playwright-core';

export async function signedInPage(context: BrowserContext, base: string, password: string): Promise<Page> {
  const login = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password }),
  });
  const { data } = (await login.json()) as { data: { token: string; userId: number } };
  const page = await context.newPage();
  await page.addInitScript(
    (session) => {
      for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, String(value));
    },
    { token: data.token, userId: data.userId, userName: 'admin', firstlogin: false },
  );
  return page;
}

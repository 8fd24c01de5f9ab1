// The server's API as a browser test prepares its data: signed in as the administrator, each
// call unwrapped from the envelope, a failure thrown with its status and message.

export type AdminApi = (method: string, path: string, body?: unknown) => Promise<any>;

export async function adminApi(baseUrl: string, password: string): Promise<AdminApi> {
  const login = await fetch(`${baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return async (method, path, body) => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-token': token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await answer.json()) as { meta: { message: string }; data: any };
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${json.meta.message}`);
    return json.data;
  };
}

// The real server app over a fresh PGlite database (realServerProcess.ts, in its own process),
// reached by the component under test over real HTTP through a local server that adds the CORS
// headers jsdom's XMLHttpRequest insists on (the test page's origin is not the server's). Every
// request runs the app's own routes, permission checks and SQL.
import { type ChildProcess, spawn } from 'node:child_process';
import { type TestServer as HttpServer, startServer as startHttp } from '../client/testServer.ts';

export interface RealServer {
  /** the local server the component's HTTP client is pointed at */
  http: HttpServer;
  /** the administrator's session token */
  token: string;
  /** calls the app as the administrator, the envelope's `data` back; throws on a failure */
  api(method: string, path: string, body?: unknown): Promise<any>;
  /** runs one SQL statement on the server's database: many rows made at once (a large tree) */
  sql(text: string): Promise<void>;
  close(): Promise<void>;
}

function started(child: ChildProcess): Promise<{ port: number; token: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => reject(new Error(`the test server exited (${code}):\n${output}`)));
  });
}

export async function startRealServer(): Promise<RealServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/runtime/ui/realServerProcess.ts'], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const { port, token } = await started(child);
  const base = `http://127.0.0.1:${port}`;
  const http = await startHttp(async (req) => {
    const query = req.query.toString();
    const headers: Record<string, string> = {};
    for (const name of ['x-token', 'content-type', 'accept-language']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(`${base}${req.path}${query ? `?${query}` : ''}`, {
      method: req.method,
      headers,
      // an empty body is none: fetch would label an empty string text/plain, which the app refuses
      body: req.method === 'GET' || req.method === 'HEAD' || req.body === '' ? undefined : req.body,
    });
    return {
      status: answer.status,
      body: new Uint8Array(await answer.arrayBuffer()),
      headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' },
    };
  });
  return {
    http,
    token,
    async api(method, path, body) {
      const answer = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await answer.json()) as { meta: { message: string }; data: any };
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${json.meta.message}`);
      return json.data;
    },
    sql(text) {
      return new Promise((resolve, reject) => {
        child.once('message', (answer: { error?: string }) =>
          answer.error ? reject(new Error(answer.error)) : resolve(),
        );
        child.send({ sql: text });
      });
    },
    async close() {
      await http.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

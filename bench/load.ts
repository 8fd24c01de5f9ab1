// A bounded request loop at fixed concurrency (autocannon's job, without the package): `c`
// keep-alive connections each send GETs one after another until the time or the request budget
// is spent. Only to 127.0.0.1.
import http from 'node:http';

export interface LoadResult {
  requests: number;
  failed: number;
  seconds: number;
  rps: number;
  /** per-request latency in ms */
  p50: number;
  p95: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export function get(agent: http.Agent, port: number, path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, agent, headers: { 'x-token': token } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

export async function load(options: {
  port: number;
  paths: string[];
  token: string;
  connections: number;
  seconds: number;
  maxRequests: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && sent < options.maxRequests) {
      const path = options.paths[sent % options.paths.length];
      sent++;
      const t = performance.now();
      const status = await get(agent, options.port, path, options.token).catch(() => 0);
      latencies.push(performance.now() - t);
      if (status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failed,
    seconds,
    rps: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
  };
}

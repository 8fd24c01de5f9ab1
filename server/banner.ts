// What a start prints: where the server is, which database it uses, and on the first start
// only, the administrator's credentials.
import type { SeedResult } from './seed/seed.ts';

export interface BannerFacts {
  url: string;
  database: string;
  tableChanges: string[];
  seed: SeedResult;
}

export function startBanner(facts: BannerFacts): string {
  const lines = [`schema-admin is serving ${facts.url}`, `database: ${facts.database}`];
  if (facts.tableChanges.length > 0)
    lines.push(`resource tables: ${facts.tableChanges.length} change(s) applied`);
  const { admin } = facts.seed;
  if (admin) {
    lines.push(
      '',
      'First start: the administrator account',
      `  user name: ${admin.userName}`,
      admin.password
        ? `  password:  ${admin.password}   (shown this once; you will be asked to change it)`
        : '  password:  the one given in ADMIN_PASSWORD',
    );
  }
  return `${lines.join('\n')}\n`;
}

export function databaseLabel(
  databaseUrl: string | undefined,
  pgliteDir: string,
  pgliteProcess?: { pid: number; psql: string },
): string {
  if (databaseUrl) return 'PostgreSQL (DATABASE_URL)';
  if (!pgliteProcess) return `PGlite in ${pgliteDir}`;
  return `PGlite in ${pgliteDir} (process ${pgliteProcess.pid}; psql while serving: ${pgliteProcess.psql})`;
}

export function listenUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown}:${port}/`;
}

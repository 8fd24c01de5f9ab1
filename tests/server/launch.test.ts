// @vitest-environment node
// `npm start -- --help` and `npm run dev -- --help` print the help and stop: no build, no database,
// no port (package.json runs server/launch.ts, which checks for --help first).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the start and dev scripts', () => {
  it('npm start -- --help prints the configuration without building', async () => {
    const { stdout, stderr } = await run('npm', ['start', '--', '--help']);
    expect(stdout).toContain('Usage: npm start');
    for (const name of ['PORT', 'HOST', 'DATA_DIR', 'SCHEMA_DIR', 'DATABASE_URL', 'ADMIN_PASSWORD'])
      expect(stdout).toContain(name);
    // the build's steps print these
    expect(stdout + stderr).not.toContain('build:manifest');
    expect(stdout + stderr).not.toContain('vite');
  });

  it('npm run dev -- -h prints how dev chooses its ports without starting anything', async () => {
    const { stdout, stderr } = await run('npm', ['run', 'dev', '--', '-h']);
    expect(stdout).toContain('Usage: npm run dev');
    expect(stdout).toContain('VITE_PORT');
    expect(stdout).toContain('API_PORT');
    expect(stdout).toContain('DATABASE_URL');
    expect(stdout + stderr).not.toContain('Local:');
    expect(stdout + stderr).not.toContain('schema-admin dev failed');
  });
});

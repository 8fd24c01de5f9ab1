// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSchemas } from '../../bench/generateSchemas.ts';
import { measureCli, measureInMemory, writeSchemaDir } from '../../bench/measure.ts';
import { formatTable } from '../../bench/table.ts';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'schema-bench-test-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the schema benchmark', () => {
  it('times validate and build in memory, and refuses schemas with problems', () => {
    const timing = measureInMemory(generateSchemas(20), 1);
    expect(timing.validate.wallMs).toBeGreaterThan(0);
    expect(timing.build.cpuMs).toBeGreaterThanOrEqual(0);
    const broken = generateSchemas(2).map((t) => ({
      ...t,
      text: t.text.replace('type: string', 'type: strng'),
    }));
    expect(() => measureInMemory(broken, 1)).toThrow(/generated schemas have \d+ problems/);
  });

  it('runs the CLI on the folder it wrote, which builds the same manifest', async () => {
    const dir = join(work, 'schemas');
    await writeSchemaDir(dir, generateSchemas(30));
    const timing = await measureCli(dir, join(work, 'out'));
    expect(timing.validateMs).toBeGreaterThan(0);
    const manifest = JSON.parse(await readFile(join(work, 'out/manifest.json'), 'utf8'));
    expect(manifest.resources).toHaveLength(30);
  });

  it('prints a row per size with the cost per resource relative to the first', () => {
    const span = (ms: number) => ({ wallMs: ms, cpuMs: ms });
    const table = formatTable(
      [
        {
          resources: 100,
          memory: { validate: span(90), build: span(10) },
          cli: { validateMs: 1300, buildMs: 1400 },
        },
        {
          resources: 1000,
          memory: { validate: span(800), build: span(100) },
          cli: { validateMs: 2000, buildMs: 2200 },
        },
      ],
      1200,
    );
    expect(table.split('\n').slice(2, 4)).toEqual([
      '| 100 | 90 / 90 | 10 / 10 | 100 / 100 | 1.00 | 1.00 | 1300 | 1400 | 2.00 |',
      '| 1000 | 800 / 800 | 100 / 100 | 900 / 900 | 0.90 | 0.90 | 2000 | 2200 | 1.00 |',
    ]);
    expect(table).toContain('CLI start-up (`schema-admin --help`): 1200 ms');
  });
});

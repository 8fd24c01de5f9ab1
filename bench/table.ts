// The benchmark's figures as Markdown, to paste into docs/benchmarks.md as printed.
import type { CliTiming, Timing } from './measure.ts';

export interface Row {
  resources: number;
  memory: Timing;
  cli: CliTiming;
}

const ms = (value: number) => value.toFixed(0);
const per = (total: number, count: number) => (total / count).toFixed(2);
const memoryCpu = (row: Row) => row.memory.validate.cpuMs + row.memory.build.cpuMs;

/** `startupMs`: the CLI's fixed cost (`schema-admin --help`: Node, tsx and the loader's modules). */
export function formatTable(rows: Row[], startupMs: number): string {
  const base = memoryCpu(rows[0]) / rows[0].resources;
  const lines = [
    '| resources | validate wall / CPU (ms) | build wall / CPU (ms) | total wall / CPU (ms) | CPU ms per resource | per resource vs first row | CLI validate (ms) | CLI build (ms) | CLI build less start-up, per resource (ms) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => {
      const { validate, build } = row.memory;
      const wall = validate.wallMs + build.wallMs;
      const cpu = memoryCpu(row);
      return `| ${row.resources} | ${ms(validate.wallMs)} / ${ms(validate.cpuMs)} | ${ms(build.wallMs)} / ${ms(build.cpuMs)} | ${ms(wall)} / ${ms(cpu)} | ${per(cpu, row.resources)} | ${(cpu / row.resources / base).toFixed(2)} | ${ms(row.cli.validateMs)} | ${ms(row.cli.buildMs)} | ${per(Math.max(0, row.cli.buildMs - startupMs), row.resources)} |`;
    }),
  ];
  return `${lines.join('\n')}\n\nCLI start-up (\`schema-admin --help\`): ${ms(startupMs)} ms\n`;
}

// Reads a V8 CPU profile (`bench:api -- --profile DIR` writes one) and prints where the time went:
// the functions with the most self time, and by file, the time spent inside each file's functions
// (inclusive: a file's callees count too). Samples can be narrowed to the stacks that pass
// through a file (`--under handwritten.ts`) or that do not (`--not-under handwritten.ts`), to
// tell the two servers of one process apart.
//
//   npx tsx bench/profileTop.ts DIR/xxx.cpuprofile [--top 40] [--under file] [--not-under file]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '40' },
    under: { type: 'string' },
    'not-under': { type: 'string' },
  },
});
const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const short = (url: string) =>
  url.replace(/^.*\/node_modules\//, '~/').replace(/^file:\/\/.*?\/(server|bench|runtime)\//, '$1/');
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const stackOf = (id: number): ProfileNode[] => {
  const out: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) out.push(byId.get(at)!);
  return out;
};

const self = new Map<string, number>();
const inFile = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const ms = profile.timeDeltas[i] / 1000;
  const stack = stackOf(id);
  const top = stack[0];
  if (top.callFrame.functionName === '(idle)' || top.callFrame.functionName === '(program)') return;
  const passes = (file: string) => stack.some((n) => n.callFrame.url.includes(file));
  if (values.under && !passes(values.under)) return;
  if (values['not-under'] && passes(values['not-under'])) return;
  total += ms;
  self.set(label(top), (self.get(label(top)) ?? 0) + ms);
  for (const file of new Set(stack.map((n) => short(n.callFrame.url)).filter(Boolean)))
    inFile.set(file, (inFile.get(file) ?? 0) + ms);
});

const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`);
};
console.log(`busy: ${total.toFixed(0)} ms`);
print('self time by function', self);
print('inclusive time by file', inFile);

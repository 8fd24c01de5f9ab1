// The build refuses chunks that import each other in a circle. The chunk groups of vite.config.ts
// split code by which side imports which (libraries apart from antd's components, those apart
// from the app's own modules); a group that took a module importing a later group's would have two
// chunks import each other, and rolldown may then evaluate their modules out of order
// (rolldown/rolldown#7449): a page would fail as it opens, in the browser only. The build names
// the circle instead. Only static imports count: a chunk may load, on demand, one that imports it.

import type { Plugin } from 'vite';

/** A circle of static imports among the chunks (each file, the one it imports next), if any. */
export function chunkCycle(imports: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | undefined => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return undefined;
    path.push(file);
    onPath.add(file);
    for (const next of imports.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return undefined;
  };
  for (const file of imports.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

export function noChunkCycles(): Plugin {
  return {
    name: 'no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const file of Object.values(bundle))
        if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      const cycle = chunkCycle(imports);
      if (cycle)
        this.error(
          `chunks import each other in a circle: ${cycle.join(' → ')}; move a module so that one only imports the other (vite.config.ts, codeSplitting)`,
        );
    },
  };
}

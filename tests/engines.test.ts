// @vitest-environment node
// The project runs on Node 20 and deploys on 22 and 24 (package.json's `engines`). A package whose
// own `engines` leaves one of those out installs with only a warning, then may fail at run time on
// the machine it left out; so every package the lockfile installs must allow the whole range.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

type LockEntry = { engines?: { node?: string } | string[]; optional?: boolean; os?: string[] };
const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
const project = read('package.json') as { engines: { node: string } };
const lock = read('package-lock.json') as { packages: Record<string, LockEntry> };

describe("the packages' Node.js versions", () => {
  it('the project allows Node 20.19, 22 and 24', () => {
    for (const version of ['20.19.0', '20.20.2', '22.13.0', '24.0.0']) {
      expect(semver.satisfies(version, project.engines.node), version).toBe(true);
    }
  });

  it("every installed package's engines allow the project's whole range", () => {
    const narrower: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // A binary for another platform (sharp's Windows builds, say) is never installed here.
      if (!path || !node || (entry.optional && entry.os)) continue;
      if (!semver.subset(project.engines.node, node)) narrower.push(`${path} wants node ${node}`);
    }
    expect(narrower).toEqual([]);
  });
});

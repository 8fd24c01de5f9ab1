// Reads a schema folder: _menus.yaml plus one resource per other .yaml file. Every problem in
// every file is collected in one pass (syntax, meta-schema, normalisation, cross-checks), each
// with file:line:col, so a maintainer fixes them all from one run.
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { crossCheck, type LoadedMenus, type LoadedResource } from './crossCheck.ts';
import { linkResources } from './linkResources.ts';
import type { RawMenus, RawResource } from './metaSchema.ts';
import { validateDocument } from './metaValidation.ts';
import { normalizeMenuGroups, normalizeResource } from './normalize.ts';
import { SourceDoc } from './source.ts';
import type { MenuGroup, Problem, Resource } from './types.ts';

export const MENUS_FILE = '_menus.yaml';

export interface SchemaText {
  /** path relative to the schema folder, with / separators */
  path: string;
  text: string;
}

export interface LoadResult {
  resources: Resource[];
  menuGroups: MenuGroup[];
  problems: Problem[];
}

export async function loadSchemaDir(dir: string): Promise<LoadResult> {
  // Read synchronously: a folder is read once per start, command or save, and fs/promises opens,
  // stats, reads and closes each small file through the thread pool, four times slower for a
  // thousand of them (docs/benchmarks.md).
  const entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  const paths = entries
    .filter((p) => p.endsWith('.yaml'))
    .map((p) => p.split(sep).join('/'))
    .sort();
  const texts = paths.map((path) => ({ path, text: readFileSync(join(dir, path), 'utf8') }));
  return loadSchemaTexts(texts, dir);
}

/** The loader without the file system: `dir` only prefixes file names in problems. */
export function loadSchemaTexts(files: SchemaText[], dir = '.'): LoadResult {
  const problems: Problem[] = [];
  const loaded: LoadedResource[] = [];
  const menus: LoadedMenus = { groups: [] };

  for (const { path, text } of files) {
    const source = new SourceDoc(join(dir, path).split(sep).join('/'), text);
    const syntax = source.syntaxProblems();
    if (syntax.length > 0) {
      problems.push(...syntax);
      continue;
    }
    const data = source.data();
    const kind = path === MENUS_FILE ? 'menus' : 'resource';
    const invalid = validateDocument(kind, source, data);
    if (invalid.length > 0) {
      problems.push(...invalid);
      continue;
    }
    if (kind === 'menus') {
      menus.source = source;
      menus.groups = normalizeMenuGroups(data as RawMenus);
      continue;
    }
    const normalized = normalizeResource(data as RawResource, {
      file: path,
      start: () => source.start(),
      report: (keyPath, message) => problems.push(source.problem(keyPath, message)),
    });
    loaded.push({ source, ...normalized });
  }

  problems.push(...crossCheck(loaded, menus));
  const resources = loaded.map((l) => l.resource);
  linkResources(resources);
  problems.sort((a, b) => (a.file === b.file ? a.line - b.line || a.col - b.col : a.file < b.file ? -1 : 1));
  return { resources, menuGroups: menus.groups, problems };
}

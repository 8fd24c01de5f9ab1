// Reads a schema folder: _menus.yaml plus one resource per other .yaml file. Every problem in
// every file is collected in one pass (syntax, meta-schema, normalisation, cross-checks), each
// with file:line:col, so a maintainer fixes them all from one run.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { crossCheck, type LoadedMenus, type LoadedResource } from './crossCheck.ts';
import { linkResources } from './linkResources.ts';
import type { RawMenus, RawResource } from './metaSchema.ts';
import { validateDocument } from './metaValidation.ts';
import { normalizeMenuGroups, normalizeResource } from './normalize.ts';
import { PROBLEMS } from './problemMessages.ts';
import { problemText, SourceDoc } from './source.ts';
import type { MenuGroup, Problem, Resource } from './types.ts';

export const MENUS_FILE = '_menus.yaml';

/** The extensions a schema file may have; both are YAML, and a folder may mix them. */
export const SCHEMA_EXTENSIONS = ['.yaml', '.yml'] as const;
const SCHEMA_FILE = /\.ya?ml$/i;

/** Whether a file in the schema folder is a schema file (else it is reported as not read). */
export function isSchemaFile(path: string): boolean {
  return SCHEMA_FILE.test(path);
}

/** _menus.yaml, or _menus.yml, at the top of the folder. */
function isMenusFile(path: string): boolean {
  return path.replace(SCHEMA_FILE, '') === MENUS_FILE.replace(SCHEMA_FILE, '');
}

export interface SchemaText {
  /** path relative to the schema folder, with / separators */
  path: string;
  text: string;
}

export interface LoadResult {
  resources: Resource[];
  menuGroups: MenuGroup[];
  problems: Problem[];
  /** what does not stop the folder from loading: files in it that are not read */
  warnings: Problem[];
}

export async function loadSchemaDir(dir: string): Promise<LoadResult> {
  // Read synchronously: a folder is read once per start, command or save, and fs/promises opens,
  // stats, reads and closes each small file through the thread pool, four times slower for a
  // thousand of them (docs/benchmarks.md).
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  const texts = files
    .filter(isSchemaFile)
    .map((path) => ({ path, text: readFileSync(join(dir, path), 'utf8') }));
  const result = loadSchemaTexts(texts, dir);
  // a file that is not read is said so: a schema saved as .json or .yaml.bak would otherwise vanish
  for (const path of files.filter((p) => !isSchemaFile(p))) {
    result.warnings.push({
      file: join(dir, path).split(sep).join('/'),
      line: 1,
      col: 1,
      path: '',
      ...problemText(PROBLEMS.ignoredFile({ extensions: SCHEMA_EXTENSIONS })),
    });
  }
  return result;
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
    const kind = isMenusFile(path) ? 'menus' : 'resource';
    const invalid = validateDocument(kind, source, data);
    if (invalid.length > 0) {
      problems.push(...invalid);
      continue;
    }
    if (kind === 'menus') {
      // _menus.yaml and _menus.yml both: the later would silently replace the groups of the first
      if (menus.source) {
        problems.push(source.problem([], PROBLEMS.menusTwice({ first: menus.source.file })));
        continue;
      }
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
  return { resources, menuGroups: menus.groups, problems, warnings: [] };
}

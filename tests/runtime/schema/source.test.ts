// @vitest-environment node
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SourceDoc } from '../../../runtime/schema/source.ts';

async function yamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((p) => /\.ya?ml$/.test(p)).map((p) => join(dir, p));
}

/** Whether the document with positions was made (it is what clean files are spared). */
const positioned = (source: SourceDoc) =>
  (source as unknown as { positioned?: unknown }).positioned !== undefined;

describe('SourceDoc', () => {
  it('reads a clean file without making the document with positions', () => {
    const source = new SourceDoc('a.yaml', '# note\n\nresource: a\nfields:\n  name: { type: string }\n');
    expect(source.syntaxProblems()).toEqual([]);
    expect(source.data()).toEqual({ resource: 'a', fields: { name: { type: 'string' } } });
    expect(source.has('fields')).toBe(true);
    expect(source.has('list')).toBe(false);
    expect(source.start()).toEqual({ line: 3, col: 1 });
    expect(positioned(source)).toBe(false);
    expect(source.position(['fields', 'name', 'type'])).toEqual({ line: 5, col: 17 });
    expect(positioned(source)).toBe(true);
  });

  it('reads the YAML 1.2 core schema as yaml does: dates stay text, 0o and 0x are numbers', () => {
    const source = new SourceDoc('a.yaml', 'day: 2025-09-01\nyes: yes\noctal: 0o17\nhex: 0x1F\nnothing: ~\n');
    expect(source.data()).toEqual(source.doc.toJS());
  });

  it('takes the syntax errors from yaml, with its positions, in plain words', () => {
    const source = new SourceDoc('a.yaml', 'a: 1\na: 2\n');
    expect(source.syntaxProblems()).toEqual([
      {
        file: 'a.yaml',
        line: 2,
        col: 1,
        path: '',
        message: 'the key "a" is already given at line 1 in this mapping: keep one of them',
        zh: '键 “a” 已在本映射的第 1 行出现：请只保留一个',
      },
    ]);
  });

  it('says one thing per mistake: the first error, and each duplicated key', () => {
    const text = 'a: 1\nb: [1, 2\nc: 3\nd: { e: 1\n';
    const problems = new SourceDoc('a.yaml', text).syntaxProblems();
    expect(problems.map((p) => [p.line, p.col, p.message])).toEqual([
      [2, 4, 'the [ opened in the value of "b" at line 2, column 4 is never closed: end it with ]'],
    ]);
  });

  it('finds where every project schema and fixture starts as the positioned document does', async () => {
    const files = [...(await yamlFiles('schemas')), ...(await yamlFiles('tests/fixtures/schemas'))];
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      expect(new SourceDoc(file, text).start(), file).toEqual(new SourceDoc(file, text).position([]));
    }
  });
});

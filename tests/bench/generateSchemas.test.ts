// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generateSchemas } from '../../bench/generateSchemas.ts';
import { loadSchemaTexts } from '../../runtime/schema/load.ts';
import { buildManifest } from '../../runtime/schema/manifest.ts';

describe('generateSchemas', () => {
  it('makes folders the loader takes without a problem, in modules of 50', () => {
    const texts = generateSchemas(120);
    expect(texts).toHaveLength(121);
    const { resources, menuGroups, problems } = loadSchemaTexts(texts);
    expect(problems).toEqual([]);
    expect(resources).toHaveLength(120);
    expect(menuGroups.map((g) => g.name)).toEqual(['m0', 'm1', 'm2']);
    const manifest = buildManifest(resources, menuGroups);
    expect(manifest.routes.map((r) => r.children?.length)).toEqual([50, 50, 20]);
  });

  it('exercises refs, trees, conditions, set actions and public views', () => {
    const { resources } = loadSchemaTexts(generateSchemas(11));
    const tenth = resources.find((r) => r.name === 'res10')!;
    expect(tenth.treeParent).toBe('parentId');
    expect(tenth.fields.find((f) => f.name === 'ownerId')).toMatchObject({ ref: 'res9' });
    expect(tenth.actions.find((a) => a.name === 'publish')?.set).toEqual({ status: 1 });
    expect(tenth.public?.views.map((v) => v.shape)).toEqual(['list', 'one', 'count']);
  });
});

// @vitest-environment node
// The OpenAPI document made from a manifest: a valid OpenAPI 3.1 document, each call with its
// permission code, bodies from the compiled forms and the list's parameters from the schema.
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../../../runtime/schema/compileJsonSchema.ts';
import { buildOpenApi } from '../../../runtime/schema/openapi.ts';
import type { Manifest } from '../../../runtime/schema/types.ts';
import { testManifest, withNotesCopy } from '../../server/harness.ts';

const projectManifest = async (): Promise<Manifest> =>
  JSON.parse(await readFile('generated/manifest.json', 'utf8'));

async function validate(document: unknown) {
  return new Validator().validate(document as Parameters<Validator['validate']>[0]);
}

describe('buildOpenApi', () => {
  it('makes a valid OpenAPI 3.1 document of the project schemas and of the test fixtures', async () => {
    for (const manifest of [await projectManifest(), await testManifest()]) {
      const result = await validate(buildOpenApi(manifest));
      expect(result.errors).toBeUndefined();
      expect(result.valid).toBe(true);
    }
  });

  it('is what the committed generated/openapi.json holds', async () => {
    const committed = JSON.parse(await readFile('generated/openapi.json', 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApi(await projectManifest()))));
  });

  it('a validator tells an invalid document (the check can fail)', async () => {
    const document = buildOpenApi(await projectManifest()) as unknown as Record<string, unknown>;
    const result = await validate({ ...document, info: undefined });
    expect(result.valid).toBe(false);
  });

  it('describes every call of a resource with its permission code, in the envelope', async () => {
    const document = buildOpenApi(await projectManifest());
    const contents = document.paths['/api/cms/contents'];
    expect(contents.get?.['x-permission']).toBe('cms:contents:list');
    expect(contents.post?.['x-permission']).toBe('cms:contents:create');
    expect(contents.delete?.['x-permission']).toBe('cms:contents:batchDelete');
    const update = document.paths['/api/cms/contents/{id}'].put!;
    expect(update['x-permission']).toBe('cms:contents:update');
    expect(update.description).toContain('`cms:contents:update`');
    expect(Object.keys(update.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '500',
    ]);
    const ok = update.responses['200'] as {
      content: { 'application/json': { schema: { properties: object } } };
    };
    expect(Object.keys(ok.content['application/json'].schema.properties)).toEqual(['meta', 'data']);
    expect(document.components.securitySchemes).toEqual({
      token: { type: 'apiKey', in: 'header', name: 'X-Token' },
    });
  });

  it('takes request bodies from the compiled form of each write', async () => {
    const manifest = await projectManifest();
    const document = buildOpenApi(manifest);
    const contents = manifest.resources.find((r) => r.name === 'contents')!;
    const body = document.paths['/api/cms/contents'].post!.requestBody as {
      content: { 'application/json': { schema: unknown } };
    };
    // with the rules across fields said in its description
    expect(body.content['application/json'].schema).toEqual({
      ...toJsonSchema(contents, 'create', 'en').schema,
      description: expect.stringContaining('`unpublishTime` is after `publishTime`'),
    });
  });

  it('names the list parameters: paging, sort, id and one per filter, ranges as From and To', async () => {
    const manifest = await testManifest();
    const notes = manifest.resources.find((r) => r.name === 'notes')!;
    const document = buildOpenApi(manifest);
    const names = document.paths[notes.endpoint].get!.parameters!.map((p) => p.name);
    expect(names.slice(0, 4)).toEqual(['page', 'limit', 'sort', 'id']);
    for (const filter of notes.list.filters) {
      if (filter.op === 'range')
        expect(names).toEqual(expect.arrayContaining([`${filter.field}From`, `${filter.field}To`]));
      else expect(names).toContain(filter.field);
    }
  });

  it('describes a resource added to the schemas, and the public service without a session', async () => {
    const manifest = withNotesCopy(await testManifest(), 'memos');
    const document = buildOpenApi(manifest);
    expect(document.paths['/api/qa/memos'].get?.['x-permission']).toBe('qa:memos:list');
    const publicList = document.paths['/api/cms/web/contents'].get!;
    expect(publicList.security).toEqual([]);
    expect(publicList.responses['401']).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { loadSchemaTexts } from '../../../runtime/schema/load.ts';
import { breachMessage, parseSize, uploadBreach } from '../../../runtime/schema/uploadRules.ts';

describe('upload rules', () => {
  it('reads sizes with or without a unit', () => {
    expect(parseSize(1000)).toBe(1000);
    expect(parseSize('5MB')).toBe(5 * 1024 * 1024);
    expect(parseSize('1.5 kb')).toBe(1536);
    expect(() => parseSize('five')).toThrow(/not a size/);
  });

  it('names the first rule a file breaks, type before size before pixels', () => {
    const rules = { accept: ['image/png'], maxSize: 100, maxWidth: 10, maxHeight: 20 };
    expect(uploadBreach(rules, { type: 'image/jpeg', size: 500, width: 50 })?.rule).toBe('accept');
    expect(uploadBreach(rules, { type: 'image/png', size: 500, width: 50 })?.rule).toBe('maxSize');
    expect(uploadBreach(rules, { type: 'image/png', size: 50, width: 50 })?.rule).toBe('maxWidth');
    expect(uploadBreach(rules, { type: 'image/png', size: 50, width: 5, height: 21 })?.rule).toBe(
      'maxHeight',
    );
    expect(uploadBreach(rules, { type: 'image/png', size: 50, width: 5, height: 5 })).toBeUndefined();
    // pixels not yet known (before the picture is read) break nothing
    expect(uploadBreach(rules, { type: 'image/png', size: 50 })).toBeUndefined();
    expect(uploadBreach(undefined, { type: 'x/y', size: 1e9 })).toBeUndefined();
    // a served type with a charset still matches its bare name
    expect(
      uploadBreach({ accept: ['text/csv'] }, { type: 'text/csv; charset=utf-8', size: 1 }),
    ).toBeUndefined();
    expect(breachMessage({ rule: 'maxSize', maxSize: 5 * 1024 * 1024 }).en).toBe(
      'the file must be at most 5 MB (maxSize)',
    );
  });

  it("loads a field's rules into bytes, and refuses them on a field that holds no file or in a wrong shape", () => {
    const yaml = (upload: string, type = 'image') =>
      loadSchemaTexts([
        {
          path: 'cms/photos.yaml',
          text: `resource: photos\nmodule: cms\ntitle: { zh: 照片, en: Photos }\nfields:\n  name:\n    type: string\n  photo:\n    type: ${type}\n    upload: ${upload}\n`,
        },
      ]);
    const loaded = yaml('{ accept: [image/png], maxSize: 2MB, maxWidth: 100 }');
    expect(loaded.problems).toEqual([]);
    expect(loaded.resources[0].fields.find((f) => f.name === 'photo')?.upload).toEqual({
      accept: ['image/png'],
      maxSize: 2 * 1024 * 1024,
      maxWidth: 100,
      maxHeight: undefined,
    });
    expect(
      yaml('{ maxSize: 1KB }', 'string')
        .problems.map((p) => p.message)
        .join(),
    ).toMatch(/upload/);
    expect(yaml('{ maxSize: lots }').problems).not.toEqual([]);
    expect(yaml('{ accept: [PNG] }').problems).not.toEqual([]);
    expect(yaml('{ maxPixels: 3 }').problems).not.toEqual([]);
  });
});

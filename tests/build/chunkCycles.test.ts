// @vitest-environment node
// The build refuses chunks that import each other in a circle (build/chunkCycles.ts), naming it.
import { describe, expect, it } from 'vitest';
import { chunkCycle, noChunkCycles } from '../../build/chunkCycles.ts';
import { buildApp } from './smallApp.ts';

describe('chunkCycle', () => {
  it('finds no circle among chunks that import one way', () => {
    const imports = new Map([
      ['list-app.js', ['list.js', 'list-dates.js', 'react.js']],
      ['list-dates.js', ['list.js', 'react.js']],
      ['list.js', ['react.js']],
      ['react.js', []],
    ]);
    expect(chunkCycle(imports)).toBeUndefined();
  });

  it('names the circle, each chunk and the one it imports next', () => {
    const imports = new Map([
      ['entry.js', ['list.js']],
      ['list.js', ['list-dates.js', 'react.js']],
      ['list-dates.js', ['list-libraries.js']],
      ['list-libraries.js', ['list.js']],
      ['react.js', []],
    ]);
    expect(chunkCycle(imports)).toEqual(['list.js', 'list-dates.js', 'list-libraries.js', 'list.js']);
  });
});

describe('noChunkCycles', () => {
  it('lets a build whose chunks import one way through', async () => {
    const { html } = await buildApp(() => [noChunkCycles()]);
    expect(html).toContain('<script type="module"');
  });

  it('refuses a bundle whose chunks import each other, naming them', () => {
    const plugin = noChunkCycles();
    const chunk = (fileName: string, imports: string[]) => ({ type: 'chunk', fileName, imports });
    const bundle = { 'a.js': chunk('a.js', ['b.js']), 'b.js': chunk('b.js', ['a.js']) };
    const generate = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    const context = {
      error(message: string) {
        throw new Error(message);
      },
    };
    expect(() => generate.call(context, {}, bundle)).toThrow(/a\.js → b\.js → a\.js/);
  });
});

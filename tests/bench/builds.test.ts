import { describe, expect, it } from 'vitest';
import { benchOptions } from '../../bench/builds.ts';

describe('benchOptions', () => {
  it('gives the defaults when nothing is given', () => {
    const options = benchOptions(40, ['trace'], { idle: 0 }, []);
    expect(options).toEqual({
      runs: 40,
      against: undefined,
      frames: false,
      jsFlags: undefined,
      on: new Set(),
      numbers: { idle: 0 },
    });
  });

  it("reads the common options, the bench's switches and its numbers", () => {
    const options = benchOptions(40, ['trace'], { idle: 0 }, [
      '--runs',
      '20',
      '--frames',
      '--trace',
      '--idle',
      '10000',
      '--js-flags=--no-memory-reducer',
    ]);
    expect(options.runs).toBe(20);
    expect(options.frames).toBe(true);
    expect(options.on).toEqual(new Set(['trace']));
    expect(options.numbers).toEqual({ idle: 10_000 });
    expect(options.jsFlags).toBe('--no-memory-reducer');
  });

  it('names the option whose value is not a number of 0 or more', () => {
    expect(() => benchOptions(40, [], { idle: 0 }, ['--idle', 'soon'])).toThrow(
      '--idle: expected a number of 0 or more',
    );
    expect(() => benchOptions(40, [], {}, ['--runs=-1'])).toThrow('--runs: expected a number of 0 or more');
  });

  it('refuses an option the bench does not take', () => {
    expect(() => benchOptions(40, [], {}, ['--idle', '5'])).toThrow(/idle/);
  });
});

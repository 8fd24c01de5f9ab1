import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { FONT_FAMILY } from '../../../src/app/fontFamily.ts';
import { antdThemeOf } from '../../../src/app/useAppTheme.ts';
import { DEFAULT_SETTINGS } from '../../../src/stores/settings.ts';

const families = (stack: string) => stack.split(',').map((f) => f.trim().replace(/^['"]|['"]$/g, ''));

describe('the font stack', () => {
  it('is the one the shell CSS gives <body>', () => {
    const css = readFileSync(join(process.cwd(), 'src/styles/layout.css'), 'utf8');
    const body = /\nbody \{[^}]*?font-family:([^;]+);/.exec(css);
    expect(body, 'layout.css sets the body font-family').not.toBeNull();
    expect(families(body![1])).toEqual(families(FONT_FAMILY));
  });

  it("keeps antd's default families in antd's order and names Chinese ones before the generic family", () => {
    const ours = families(FONT_FAMILY);
    const antds = families(theme.getDesignToken().fontFamily);
    expect(ours.filter((f) => antds.includes(f))).toEqual(antds);
    const generic = ours.indexOf('sans-serif');
    for (const chinese of ['PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Zen Hei']) {
      expect(ours.indexOf(chinese), chinese).toBeGreaterThan(-1);
      expect(ours.indexOf(chinese), chinese).toBeLessThan(generic);
    }
  });

  it("is antd's fontFamily token", () => {
    expect(antdThemeOf(DEFAULT_SETTINGS).token?.fontFamily).toBe(FONT_FAMILY);
    expect(antdThemeOf({ ...DEFAULT_SETTINGS, darkMode: true }).token?.fontFamily).toBe(FONT_FAMILY);
  });
});

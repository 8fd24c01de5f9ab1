// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { localeLang } from '../../cli/lang.ts';

describe('localeLang', () => {
  it('reads LC_ALL, then LC_MESSAGES, then LANG, skipping empty ones', () => {
    expect(localeLang({ LC_ALL: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh');
    expect(localeLang({ LC_ALL: '', LC_MESSAGES: 'en_GB.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(localeLang({ LANG: 'zh_TW' })).toBe('zh');
    expect(localeLang({ LANG: 'zh' })).toBe('zh');
  });

  it('speaks English for any other locale, and Chinese, the product language, when none is set', () => {
    expect(localeLang({ LANG: 'C.UTF-8' })).toBe('en');
    expect(localeLang({ LANG: 'POSIX' })).toBe('en');
    expect(localeLang({ LANG: 'zhx_YY' })).toBe('en');
    expect(localeLang({})).toBe('zh');
  });
});

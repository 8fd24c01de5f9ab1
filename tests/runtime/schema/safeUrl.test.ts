// @vitest-environment node
// The address rule of url, image, file and avatar fields (runtime/schema/safeUrl.ts): an
// allow-list of http, https, mailto, tel and paths on this site, checked against every spelling of
// a script address we know of and, by property, against what a WHATWG URL parser (the browser's)
// makes of any text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAvatarValue, isSafeUrl, safeUrlValue, urlFormatOf } from '../../../runtime/schema/safeUrl.ts';

const ALLOWED_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'];
const BASE = 'https://school.example/admin/index.html';

describe('isSafeUrl', () => {
  it('accepts web, mail and phone addresses and paths on this site', () => {
    for (const text of [
      'https://www.moe.gov.cn',
      'http://jw.mingde.school.example/login?next=/home#top',
      'HTTPS://WWW.EDU.CN/',
      'https://user@example.com:8443/a/b',
      'mailto:office@mingde.school.example',
      'mailto:a@b.example?subject=%E9%80%9A%E7%9F%A5',
      'tel:+86-10-12345678',
      '/uploads/0123456789abcdef0123456789abcdef.png',
      '/common/download?fileName=0123456789abcdef.pdf',
      '/#/cms/contents',
      '/',
    ])
      expect(isSafeUrl(text), text).toBe(true);
  });

  it('refuses javascript:, data: and vbscript: however they are spelt', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      '\u0000javascript:alert(1)',
      '\u0001javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java\rscript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'javascript&colon;alert(1)',
      '%6Aavascript:alert(1)',
      'javascript://%0Aalert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'DATA:image/svg+xml,<svg onload=alert(1)>',
      'data:image/png;base64,iVBORw0KGgo=',
      'vbscript:msgbox(1)',
      'VBScript:msgbox(1)',
      '\u00a0javascript:alert(1)',
      '\u2028javascript:alert(1)',
      'javascript\u200b:alert(1)',
    ])
      expect(isSafeUrl(text), JSON.stringify(text)).toBe(false);
  });

  it('refuses other hosts in disguise, other schemes and relative names', () => {
    for (const text of [
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      '\\\\evil.example\\x',
      '/uploads/a b.png',
      'https://',
      'https:evil.example',
      'http:/evil.example',
      'ftp://files.example/a',
      'file:///etc/passwd',
      'blob:https://school.example/1',
      'about:blank',
      'uploads/x.png',
      './x.png',
      '../x.png',
      '?a=1',
      '#top',
      'www.example.com',
      '',
      ' ',
    ])
      expect(isSafeUrl(text), JSON.stringify(text)).toBe(false);
  });

  it('never passes text that a browser would open with any other scheme or on another site', () => {
    const lead = fc.constantFrom('', ' ', '\t', '\u0000', '\n', '/', '//', '/\\', '\\', '&#106;');
    const scheme = fc.constantFrom(
      'javascript:',
      'java\tscript:',
      'data:',
      'vbscript:',
      'http://',
      'https://',
      'https:',
      'mailto:',
      'tel:',
      'JaVaScRiPt:',
      '',
    );
    fc.assert(
      fc.property(lead, scheme, fc.string(), (a, b, rest) => {
        const text = `${a}${b}${rest}`;
        if (!isSafeUrl(text)) return true;
        const url = new URL(text, BASE);
        if (!ALLOWED_PROTOCOLS.includes(url.protocol)) return false;
        // a path is one on this site
        return !text.startsWith('/') || url.origin === new URL(BASE).origin;
      }),
      { numRuns: 5000 },
    );
  });
});

describe('avatar values and field types', () => {
  it('lets an avatar name a head icon or hold a safe address', () => {
    expect(isAvatarValue('head_1')).toBe(true);
    expect(isAvatarValue('head_16')).toBe(true);
    expect(isAvatarValue('/uploads/0123.png')).toBe(true);
    expect(isAvatarValue('head_x')).toBe(false);
    expect(isAvatarValue('javascript:alert(1)')).toBe(false);
  });

  it('applies to the fields that hold an address, and nothing else', () => {
    expect(['url', 'image', 'file', 'avatar'].map((t) => urlFormatOf(t as never))).toEqual([
      'safe-url',
      'safe-url',
      'safe-url',
      'avatar',
    ]);
    expect(urlFormatOf('string')).toBeUndefined();
    expect(urlFormatOf('richtext')).toBeUndefined();
  });

  it('holds back a stored value that breaks the rule, and only that', () => {
    expect(safeUrlValue('url', 'javascript:alert(1)')).toBeNull();
    expect(safeUrlValue('image', 'data:image/png;base64,AAAA')).toBeNull();
    expect(safeUrlValue('avatar', 'vbscript:x')).toBeNull();
    expect(safeUrlValue('url', 'https://www.edu.cn')).toBe('https://www.edu.cn');
    expect(safeUrlValue('avatar', 'head_3')).toBe('head_3');
    expect(safeUrlValue('url', null)).toBeNull();
    expect(safeUrlValue('url', '')).toBe('');
    // a text field is not an address: its value is left alone
    expect(safeUrlValue('string', 'javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});

// @vitest-environment node
// The rich-text cleaner (server/resources/richText.ts) drops every link and image address that is
// not http(s), mailto, tel or relative, however the scheme is disguised, and keeps the rest.
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../server/resources/richText.ts';

const DISGUISED = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  '\u0001javascript:alert(1)',
  '&#106;avascript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  'java&NewLine;script:alert(1)',
  '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//evil.example/x',
  '/\\evil.example/x',
];

describe('sanitizeRichText', () => {
  it('drops a link address that could run script or leave for another host', () => {
    for (const href of DISGUISED) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('drops an image whose address could run script or come from another host', () => {
    for (const src of DISGUISED) expect(sanitizeRichText(`<p><img src="${src}"></p>`), src).toBe('<p></p>');
  });

  it('keeps web, mail and phone links and images of this site', () => {
    expect(sanitizeRichText('<a href="https://www.edu.cn">a</a>')).toBe('<a href="https://www.edu.cn">a</a>');
    expect(sanitizeRichText('<a href="mailto:office@school.example">m</a>')).toBe(
      '<a href="mailto:office@school.example">m</a>',
    );
    expect(sanitizeRichText('<a href="tel:+861012345678">t</a>')).toBe('<a href="tel:+861012345678">t</a>');
    expect(sanitizeRichText('<img src="/uploads/a.png" alt="">')).toBe('<img src="/uploads/a.png" alt="" />');
  });
});

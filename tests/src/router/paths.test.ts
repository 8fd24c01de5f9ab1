import { describe, expect, it } from 'vitest';
import { isExternal, joinPath } from '../../../src/router/paths.ts';

describe('isExternal (spec §5)', () => {
  it('counts a link as external when it begins with http, https, mailto or tel', () => {
    for (const link of [
      'http://a.example',
      'https://a.example/x',
      'mailto:office@school.example',
      'tel:+861012345678',
    ]) {
      expect(isExternal(link)).toBe(true);
    }
  });

  it('counts app paths and other schemes as internal', () => {
    for (const link of ['/sys/users', 'users', 'ftp://a.example', 'javascript:alert(1)', 'httpdocs/x']) {
      expect(isExternal(link)).toBe(false);
    }
  });

  it('resolves a child path against its parent, leaving absolute paths and external links alone', () => {
    expect(joinPath('/sys', 'users')).toBe('/sys/users');
    expect(joinPath('/sys/', '/cms/contents')).toBe('/cms/contents');
    expect(joinPath('/sys', 'https://a.example')).toBe('https://a.example');
  });
});

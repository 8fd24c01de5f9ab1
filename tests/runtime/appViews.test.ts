// @vitest-environment node
// The views a menu may name (runtime/appViews.ts): the list the server checks against is the
// folder the app loads its views from, and each kind of menu entry names only what suits it.
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { HAND_WRITTEN_VIEWS, menuComponentProblem } from '../../runtime/appViews.ts';

const RESOURCES = new Set(['users', 'contents']);

describe('the views a menu may name', () => {
  it('lists every view file under src/views, and nothing else', async () => {
    const files = (await readdir('src/views', { recursive: true }))
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => f.replaceAll('\\', '/').replace(/\.tsx$/, ''))
      // the generated list page, named through resource/<name>
      .filter((f) => f !== 'resource/ResourceView')
      .sort();
    expect([...HAND_WRITTEN_VIEWS].sort()).toEqual(files);
  });

  it('lets a page name a resource page or a hand-written view, with or without views/', () => {
    for (const component of [
      'resource/users',
      'dashboard/index',
      'views/dashboard/index',
      '/views/cms/link',
      null,
      '',
    ])
      expect(menuComponentProblem(component, 'C', RESOURCES), String(component)).toBeUndefined();
  });

  it('refuses a page naming an unknown view or resource, or the shell', () => {
    for (const component of [
      'resource/nothing',
      'resource/',
      'dashboard/missing',
      'Layout',
      '../../etc/passwd',
      'views/../login/index',
      'https://evil.example/x.js',
      'resource/ResourceView',
    ])
      expect(menuComponentProblem(component, 'C', RESOURCES), component).toMatch(/no (view|resource)|Layout/);
  });

  it('lets a directory name only the shell, and a button nothing', () => {
    expect(menuComponentProblem('Layout', 'M', RESOURCES)).toBeUndefined();
    expect(menuComponentProblem(null, 'M', RESOURCES)).toBeUndefined();
    expect(menuComponentProblem('dashboard/index', 'M', RESOURCES)).toContain('Layout');
    expect(menuComponentProblem(null, 'F', RESOURCES)).toBeUndefined();
    expect(menuComponentProblem('dashboard/index', 'F', RESOURCES)).toContain('button');
  });
});

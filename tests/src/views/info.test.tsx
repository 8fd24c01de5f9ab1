// The personal centre shows the signed-in user's profile: the roles by the names staff gave them.
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeHttp, renderPage } from '../harness.tsx';

const { default: InfoPage } = await import('../../../src/views/info/index.tsx');
const { useSessionStore } = await import('../../../src/stores/session.ts');
const { useLanguageStore } = await import('../../../src/stores/language.ts');

describe('personal centre', () => {
  beforeEach(() => {
    act(() => useLanguageStore.getState().setLang('zh'));
    useSessionStore.setState({
      userName: 'wang',
      realName: '王老师',
      dpmtName: '教务处',
      rank: '一级教师',
      roles: ['editor', 'auditor'],
      roleOptions: [
        { roleKey: 'editor', roleName: '内容编辑' },
        { roleKey: 'auditor', roleName: '审核员' },
      ],
    });
  });

  it('names the roles by their names, not their keys', async () => {
    const { element } = renderPage(<InfoPage />, fakeHttp({}), '/info/index');
    render(element);
    const roles = (await screen.findByText('角色')).closest('tr')!;
    expect(roles.textContent).toContain('内容编辑');
    expect(roles.textContent).toContain('审核员');
    expect(roles.textContent).not.toContain('editor');
    expect(roles.textContent).not.toContain('auditor');
    expect(screen.getByText('教务处')).toBeTruthy();
    expect(screen.getByText('一级教师')).toBeTruthy();
  });
});

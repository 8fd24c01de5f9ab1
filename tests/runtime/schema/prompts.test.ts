// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inSentence, promptText } from '../../../runtime/schema/prompts.ts';

describe('inSentence', () => {
  it('lower-cases capitalised ordinary words, hyphenated ones too', () => {
    expect(inSentence('Pinned', 'en')).toBe('pinned');
    expect(inSentence('User name', 'en')).toBe('user name');
    expect(inSentence('Web Links', 'en')).toBe('web links');
    expect(inSentence('Home-page blocks', 'en')).toBe('home-page blocks');
    expect(inSentence('Show "more"', 'en')).toBe('show "more"');
  });

  it('keeps acronyms, mixed-case names and language names as written', () => {
    expect(inSentence('ICP licence no.', 'en')).toBe('ICP licence no.');
    expect(inSentence('Link URL', 'en')).toBe('link URL');
    expect(inSentence('ID', 'en')).toBe('ID');
    expect(inSentence('WeChat account', 'en')).toBe('WeChat account');
    expect(inSentence('English name', 'en')).toBe('English name');
    expect(inSentence('Name (en)', 'en')).toBe('name (en)');
  });

  it('leaves Chinese alone', () => {
    expect(inSentence('用户名', 'zh')).toBe('用户名');
    expect(inSentence('Logo 图片', 'zh')).toBe('Logo 图片');
  });
});

describe('promptText', () => {
  it('asks for a field by its title, inside the sentence in English', () => {
    expect(promptText('select', 'Pinned', 'en')).toBe('Select pinned');
    expect(promptText('enter', 'User name', 'en')).toBe('Enter user name');
    expect(promptText('enter', 'ICP licence no.', 'en')).toBe('Enter ICP licence no.');
    expect(promptText('enter', '用户名', 'zh')).toBe('请输入用户名');
    expect(promptText('select', '部门', 'zh')).toBe('请选择部门');
  });
});

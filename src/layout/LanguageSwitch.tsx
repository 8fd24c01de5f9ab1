// zh/en: one button that names the other language and switches to it. A plain button rather than
// an antd drop-down, so the sign-in page, which shows it too, stays light.

import { TranslationOutlined } from '@ant-design/icons';
import { useLanguageStore } from '../stores/language.ts';

export function LanguageSwitch() {
  const lang = useLanguageStore((s) => s.lang);
  const setLang = useLanguageStore((s) => s.setLang);
  const other = lang === 'zh' ? 'en' : 'zh';
  return (
    <button
      type="button"
      className="language-switch"
      lang={other === 'zh' ? 'zh-CN' : 'en'}
      data-testid="language-switch"
      onClick={() => setLang(other)}
    >
      <TranslationOutlined aria-hidden /> {other === 'zh' ? '中文' : 'English'}
    </button>
  );
}

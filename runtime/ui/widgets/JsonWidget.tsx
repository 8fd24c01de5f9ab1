// rjsf widget `json`: any JSON value edited as text. Text that does not parse is kept as typed and
// flagged, so nothing the editor wrote is lost; the server rejects it if it is sent as it is.
import type { WidgetProps } from '@rjsf/utils';
import { Input, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../i18n.ts';
import { formContextOf } from './formContext.ts';

function show(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

export function JsonWidget({ id, value, onChange, onBlur, disabled, readonly, registry }: WidgetProps) {
  const { lang } = formContextOf(registry);
  const [text, setText] = useState(() => show(value));
  const [invalid, setInvalid] = useState(false);
  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setInvalid(false);
      onChange(null);
      return;
    }
    try {
      onChange(JSON.parse(next));
      setInvalid(false);
    } catch {
      setInvalid(true);
      onChange(next);
    }
  };
  return (
    <>
      <Input.TextArea
        id={id}
        value={text}
        onChange={(e) => change(e.target.value)}
        onBlur={() => onBlur(id, value)}
        disabled={disabled}
        readOnly={readonly}
        status={invalid ? 'error' : undefined}
        autoSize={{ minRows: 3, maxRows: 12 }}
        style={{ fontFamily: 'monospace' }}
      />
      {invalid && <Typography.Text type="danger">{t('invalidJson', lang)}</Typography.Text>}
    </>
  );
}

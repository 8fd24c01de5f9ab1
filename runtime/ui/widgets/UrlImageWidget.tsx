// rjsf widgets `image` and `upload`: the stored value is a URL (or a path under the API), typed
// or pasted; an image shows a preview so the editor sees what the list will show.
import type { WidgetProps } from '@rjsf/utils';
import { Image, Input, Space } from 'antd';

export function UrlImageWidget({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readonly,
  placeholder,
  options,
}: WidgetProps) {
  const text = typeof value === 'string' ? value : '';
  const preview = options.preview !== false && /^(https?:\/\/|\/)/i.test(text);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input
        id={id}
        value={text}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        onBlur={() => onBlur(id, value)}
        disabled={disabled}
        readOnly={readonly}
        placeholder={placeholder}
      />
      {preview && <Image src={text} height={64} />}
    </Space>
  );
}

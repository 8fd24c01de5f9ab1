// A rich-text toolbar button that asks for an address (a link's or an image's) in a small
// popover rather than the browser's prompt, and accepts only the addresses the site can use:
// web links and paths under the site, so a `javascript:` address never reaches the HTML.
import { Button, Input, Popover, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Lang } from '../../schema/types.ts';
import { t } from '../i18n.ts';
import { ToolbarButton } from './ToolbarButton.tsx';

export interface UrlButtonProps {
  icon: ReactNode;
  /** what the button does, for its tooltip and accessible name */
  title: string;
  lang: Lang;
  /** schemes accepted besides http(s) and site paths, e.g. mailto: for links */
  extraSchemes?: readonly string[];
  disabled?: boolean;
  active?: boolean;
  onSubmit: (url: string) => void;
}

export function isUsableUrl(url: string, extraSchemes: readonly string[] = []): boolean {
  if (/^https?:\/\/\S+$/i.test(url)) return true;
  if (/^\/(?!\/)\S*$/.test(url)) return true;
  return extraSchemes.some((scheme) => url.toLowerCase().startsWith(scheme) && url.length > scheme.length);
}

export function UrlButton({ icon, title, lang, extraSchemes, disabled, active, onSubmit }: UrlButtonProps) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = () => {
    const trimmed = url.trim();
    if (!isUsableUrl(trimmed, extraSchemes)) {
      setInvalid(true);
      return;
    }
    onSubmit(trimmed);
    setOpen(false);
    setUrl('');
    setInvalid(false);
  };
  const content = (
    <Space orientation="vertical" size={4}>
      <Space.Compact>
        <Input
          aria-label={title}
          value={url}
          status={invalid ? 'error' : undefined}
          placeholder="https://"
          onChange={(e) => {
            setUrl(e.target.value);
            setInvalid(false);
          }}
          onPressEnter={submit}
          style={{ width: 280 }}
        />
        <Button type="primary" onClick={submit}>
          {t('insert', lang)}
        </Button>
      </Space.Compact>
      <Typography.Text type={invalid ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {t('urlHint', lang)}
      </Typography.Text>
    </Space>
  );
  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} destroyOnHidden>
      <ToolbarButton icon={icon} title={title} active={active} disabled={disabled} />
    </Popover>
  );
}

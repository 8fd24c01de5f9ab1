// rjsf widget `avatar`: one of the 16 head icons (spec §3), chosen by picture, or an uploaded
// image (picked, dropped or pasted, or chosen from the media library), which then shows as one
// more choice.
import { FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Avatar, Button, Flex, Radio, Typography, Upload } from 'antd';
import { useState } from 'react';
import { AVATAR_COUNT, DEFAULT_AVATAR } from '../../client/constants.ts';
import { avatarUrl } from '../avatarUrl.ts';
import { t } from '../i18n.ts';
import { MediaLibraryDialog } from '../MediaLibraryDialog.tsx';
import { formContextOf } from './formContext.ts';
import { mediaRefusal } from './mediaRefusal.ts';
import { pastedFile, useFieldUpload } from './useFieldUpload.ts';

const HEADS = Array.from({ length: AVATAR_COUNT }, (_, i) => `head_${i + 1}`);

export function AvatarWidget({ id, name, value, onChange, disabled, readonly, registry }: WidgetProps) {
  const { lang, resource, fields } = formContextOf(registry);
  const rules = fields.get(name)?.upload;
  const upload = useFieldUpload(resource, name, rules, lang);
  const locked = Boolean(disabled || readonly);
  const current = typeof value === 'string' && value !== '' ? value : DEFAULT_AVATAR;
  const uploaded = HEADS.includes(current) ? undefined : current;
  const [library, setLibrary] = useState(false);

  const send = async (file: File) => {
    const stored = await upload.send(file);
    if (stored) onChange(stored.url);
  };

  return (
    <div
      onPaste={(event) => {
        const file = locked ? undefined : pastedFile(event);
        if (!file) return;
        event.preventDefault();
        void send(file);
      }}
    >
      <Radio.Group
        id={id}
        value={current}
        onChange={(e) => onChange(e.target.value)}
        disabled={locked}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
      >
        {HEADS.map((head, i) => (
          <Radio key={head} value={head} aria-label={t('avatar', lang, { n: i + 1 })}>
            <Avatar src={avatarUrl(head)} alt={head} />
          </Radio>
        ))}
        {uploaded && (
          <Radio value={uploaded} aria-label={t('upload', lang)}>
            <Avatar src={avatarUrl(uploaded)} alt="" />
          </Radio>
        )}
      </Radio.Group>
      {!locked && (
        <Flex align="center" gap={8} wrap style={{ marginTop: 8 }}>
          <Upload
            accept={rules?.accept?.join(',') ?? 'image/*'}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} loading={Boolean(upload.sending)}>
              {upload.sending ? `${upload.sending.percent}%` : t('upload', lang)}
            </Button>
          </Upload>
          <Button icon={<FolderOpenOutlined aria-hidden />} onClick={() => setLibrary(true)}>
            {t('chooseFromLibrary', lang)}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('uploadHint', lang)}
          </Typography.Text>
        </Flex>
      )}
      <MediaLibraryDialog
        open={library}
        lang={lang}
        kind="image"
        refuse={mediaRefusal(rules, lang)}
        onSelect={(item) => onChange(item.url)}
        onClose={() => setLibrary(false)}
      />
      {upload.error && (
        <div role="alert">
          <Typography.Text type="danger">{t('uploadFailed', lang, { reason: upload.error })}</Typography.Text>
        </div>
      )}
    </div>
  );
}

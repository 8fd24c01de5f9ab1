// rjsf widgets `image` and `upload` (file fields): the stored value is the URL the server gives
// back for an uploaded file. A file is picked, dropped on the widget, or pasted while the widget
// has the focus; it goes up through the resource's client with a progress bar, and a refusal
// says why beside the field and leaves the value as it was. An image shows its preview. A file
// uploaded before may be chosen from the media library instead.
import { FolderOpenOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Flex, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { t } from '../i18n.ts';
import { MediaLibraryDialog } from '../MediaLibraryDialog.tsx';
import { formContextOf } from './formContext.ts';
import { mediaRefusal } from './mediaRefusal.ts';
import { pastedFile, useFieldUpload } from './useFieldUpload.ts';

/** The name a stored URL shows: the download call's fileName, or the path's last part. */
export function storedFileName(url: string): string {
  const query = url.indexOf('?');
  if (query >= 0) {
    const name = new URLSearchParams(url.slice(query + 1)).get('fileName');
    if (name) return name;
  }
  return url.split('?')[0].split('/').pop() || url;
}

export function FileUploadWidget({ id, name, value, onChange, disabled, readonly, registry }: WidgetProps) {
  const { lang, resource, fields } = formContextOf(registry);
  const image = fields.get(name)?.type === 'image';
  const rules = fields.get(name)?.upload;
  const upload = useFieldUpload(resource, name, rules, lang);
  const locked = Boolean(disabled || readonly);
  const url = typeof value === 'string' && value !== '' ? value : undefined;
  const [library, setLibrary] = useState(false);

  const fileList: UploadFile[] = upload.sending
    ? [{ uid: 'sending', name: upload.sending.name, status: 'uploading', percent: upload.sending.percent }]
    : url
      ? [{ uid: url, name: storedFileName(url), status: 'done', url, thumbUrl: image ? url : undefined }]
      : [];

  const send = async (file: File) => {
    const stored = await upload.send(file);
    if (stored) onChange(stored.url);
  };

  return (
    // the wrapper holds the focus for a paste (Ctrl+V of a file or a screenshot)
    <div
      id={id}
      data-testid={`upload-${name}`}
      onPaste={(event) => {
        const file = locked ? undefined : pastedFile(event);
        if (!file) return;
        event.preventDefault();
        void send(file);
      }}
    >
      <Upload
        listType={image ? 'picture-card' : 'text'}
        accept={rules?.accept?.join(',') ?? (image ? 'image/*' : undefined)}
        fileList={fileList}
        maxCount={1}
        disabled={locked}
        // the widget sends the file itself, through the resource client
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
        onRemove={() => onChange(null)}
        showUploadList={{ showRemoveIcon: !locked }}
      >
        {/* with a file there, a new one replaces it (maxCount 1) */}
        {locked || upload.sending ? null : image ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined aria-hidden />
            <div style={{ marginTop: 8 }}>{t('upload', lang)}</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined aria-hidden />}>{t('upload', lang)}</Button>
        )}
      </Upload>
      {!locked && (
        <Flex align="center" gap={8} wrap>
          <Button
            size="small"
            icon={<FolderOpenOutlined aria-hidden />}
            disabled={Boolean(upload.sending)}
            onClick={() => setLibrary(true)}
          >
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
        kind={image ? 'image' : undefined}
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

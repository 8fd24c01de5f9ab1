// The `import` action's dialog: download a template, drop a filled-in .xlsx, watch it go, and
// either see how many rows were created or, when the server refused the file (nothing written),
// a table of every bad cell by spreadsheet row, which the editor can download to work through.
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { isApiError } from '../client/apiError.ts';
import type { ResourceClient } from '../client/resourceClient.ts';
import type { ImportErrorData } from '../contract.ts';
import type { Lang } from '../schema/types.ts';
import { t } from './i18n.ts';
import { type ReportLine, reportFile, reportLines, templateFields, templateFile } from './importSheets.ts';
import { saveFile } from './saveFile.ts';

export interface ImportDialogProps {
  client: ResourceClient;
  lang: Lang;
  can: (code: string) => boolean;
  /** the rows were created: the page refreshes its list and says how many */
  onImported(count: number): void;
  onClose(): void;
}

const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Per-row problems when the 400 carries them; otherwise its field errors (a bad header) as lines. */
function refusalLines(error: unknown, client: ResourceClient, lang: Lang): ReportLine[] | undefined {
  if (!isApiError(error) || error.status !== 400) return undefined;
  const data = error.data as Partial<ImportErrorData> | null;
  if (Array.isArray(data?.rows)) return reportLines(client.resource, data as ImportErrorData, lang);
  const fields = error.fieldErrors;
  if (!fields) return undefined;
  return Object.entries(fields).map(([field, message]) => ({ row: 1, field, message }));
}

export function ImportDialog({ client, lang, can, onImported, onClose }: ImportDialogProps) {
  const resource = client.resource;
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ message: string; lines?: ReportLine[] } | null>(null);
  const fields = useMemo(() => templateFields(resource, can), [resource, can]);

  const start = async () => {
    if (!file) return;
    setFailure(null);
    setPercent(0);
    try {
      const result = await client.importFile(file, setPercent);
      onImported(result.count);
    } catch (error) {
      setFailure({
        message: error instanceof Error ? error.message : String(error),
        lines: refusalLines(error, client, lang),
      });
    } finally {
      setPercent(null);
    }
  };

  const sending = percent !== null;
  return (
    <Modal
      open
      width={720}
      title={t('importTitle', lang, { title: resource.title[lang] })}
      onCancel={sending ? undefined : onClose}
      closable={!sending}
      mask={{ closable: false }}
      footer={
        <Space wrap>
          <Button onClick={onClose} disabled={sending}>
            {t('cancel', lang)}
          </Button>
          <Button type="primary" disabled={!file} loading={sending} onClick={() => void start()}>
            {t('importStart', lang)}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('importSteps', lang)}</Typography.Paragraph>
      <Typography.Paragraph>
        <Button onClick={() => void templateFile(resource, fields, lang).then(saveFile)}>
          {t('importTemplate', lang)}
        </Button>
      </Typography.Paragraph>
      <Upload.Dragger
        accept={XLSX}
        maxCount={1}
        disabled={sending}
        // the file goes with the button, in one request the page controls
        beforeUpload={(picked) => {
          setFile(picked);
          setFailure(null);
          return false;
        }}
        onRemove={() => {
          setFile(null);
          setFailure(null);
        }}
        fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('importPick', lang)}</p>
      </Upload.Dragger>
      {sending && <Progress percent={percent} size="small" aria-label={t('importStart', lang)} />}
      {failure && (
        <Flex vertical gap={12} className="import-report" style={{ marginTop: 12 }}>
          <Alert
            type="error"
            showIcon
            title={failure.lines ? t('importRefused', lang) : failure.message}
            description={failure.lines ? failure.message : undefined}
          />
          {failure.lines && (
            <>
              <Table<ReportLine>
                size="small"
                rowKey={(line) => `${line.row}.${line.field}`}
                dataSource={failure.lines}
                pagination={failure.lines.length > 8 ? { pageSize: 8, size: 'small' } : false}
                columns={[
                  { title: t('importRow', lang), dataIndex: 'row', width: 64 },
                  { title: t('importField', lang), dataIndex: 'field', width: 112 },
                  { title: t('importProblem', lang), dataIndex: 'message' },
                ]}
              />
              <div>
                <Button onClick={() => void reportFile(resource, failure.lines ?? [], lang).then(saveFile)}>
                  {t('importReportDownload', lang)}
                </Button>
              </div>
            </>
          )}
        </Flex>
      )}
    </Modal>
  );
}

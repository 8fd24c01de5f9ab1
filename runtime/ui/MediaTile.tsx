// One upload in the media library's grid: its thumbnail (or a file icon and its extension), its
// original name and size. The tile is one button, so a keyboard chooses it like a click; a file
// the field cannot take is shown disabled with the rule it breaks as its tooltip. The removal
// tick sits beside the button, not inside it (no control nested in another).
import { FileOutlined } from '@ant-design/icons';
import { Checkbox, Tooltip, Typography, theme } from 'antd';
import type { MediaItem } from '../contract.ts';
import type { Lang } from '../schema/types.ts';
import { formatSize } from '../schema/uploadRules.ts';
import { t } from './i18n.ts';

export interface MediaTileProps {
  item: MediaItem;
  lang: Lang;
  /** why this field cannot take the file; the tile is then disabled */
  refusal?: string;
  onChoose(item: MediaItem): void;
  /** present: the tile has a removal tick, ticked when `marked` */
  onMark?: (item: MediaItem, marked: boolean) => void;
  marked?: boolean;
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toUpperCase();
}

export function MediaTile({ item, lang, refusal, onChoose, onMark, marked }: MediaTileProps) {
  const { token } = theme.useToken();
  const pixels = item.width && item.height ? `${item.width}×${item.height} · ` : '';
  const button = (
    <button
      type="button"
      aria-label={item.originalName}
      disabled={Boolean(refusal)}
      onClick={() => onChoose(item)}
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: '100%',
        padding: 6,
        gap: 4,
        textAlign: 'start',
        background: token.colorBgContainer,
        border: `1px solid ${marked ? token.colorPrimary : token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        cursor: refusal ? 'not-allowed' : 'pointer',
        opacity: refusal ? 0.5 : 1,
        font: 'inherit',
        color: 'inherit',
      }}
    >
      <span
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: '100%',
          aspectRatio: '1 / 1',
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadiusSM,
          overflow: 'hidden',
        }}
      >
        {item.thumbUrl ? (
          <img
            src={item.thumbUrl}
            alt=""
            loading="lazy"
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
            <FileOutlined aria-hidden style={{ fontSize: 32, color: token.colorTextTertiary }} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {extension(item.originalName) || extension(item.fileName)}
            </Typography.Text>
          </span>
        )}
      </span>
      <Typography.Text ellipsis style={{ width: '100%', fontSize: 12 }}>
        {item.originalName}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 11 }}>
        {pixels}
        {formatSize(item.size)}
      </Typography.Text>
    </button>
  );
  return (
    <div style={{ position: 'relative', minWidth: 0 }}>
      {refusal ? <Tooltip title={refusal}>{button}</Tooltip> : button}
      {onMark && (
        <Checkbox
          checked={marked}
          aria-label={t('mediaSelectForRemoval', lang, { name: item.originalName })}
          onChange={(event) => onMark(item, event.target.checked)}
          style={{
            position: 'absolute',
            top: 10,
            insetInlineStart: 10,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusSM,
            padding: 2,
          }}
        />
      )}
    </div>
  );
}

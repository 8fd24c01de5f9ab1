// rjsf widget `avatar`: one of the 16 head icons (spec §3), chosen by picture.
import type { WidgetProps } from '@rjsf/utils';
import { Avatar, Radio } from 'antd';
import { AVATAR_COUNT, DEFAULT_AVATAR } from '../../client/constants.ts';
import { avatarUrl } from '../avatarUrl.ts';
import { t } from '../i18n.ts';
import { formContextOf } from './formContext.ts';

const HEADS = Array.from({ length: AVATAR_COUNT }, (_, i) => `head_${i + 1}`);

export function AvatarWidget({ id, value, onChange, disabled, readonly, registry }: WidgetProps) {
  const { lang } = formContextOf(registry);
  return (
    <Radio.Group
      id={id}
      value={value || DEFAULT_AVATAR}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled || readonly}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
    >
      {HEADS.map((head, i) => (
        <Radio key={head} value={head} aria-label={t('avatar', lang, { n: i + 1 })}>
          <Avatar src={avatarUrl(head)} alt={head} />
        </Radio>
      ))}
    </Radio.Group>
  );
}

// Personal centre (spec §2 /info/index): the signed-in user's profile, and the users schema's
// `self` action (own name, email, phone and avatar) as a form.

import { App, Avatar, Card, Col, Descriptions, Row, Tag } from 'antd';
import { useShallow } from 'zustand/react/shallow';
import { avatarUrl } from '../../../runtime/ui/avatarUrl.ts';
import { ResourceForm } from '../../../runtime/ui/ResourceForm.tsx';
import { useRefClient } from '../../../runtime/ui/ResourcesContext.tsx';
import { useT } from '../../i18n/useT.ts';
import { useLanguageStore } from '../../stores/language.ts';
import { useSessionStore } from '../../stores/session.ts';

export default function InfoPage() {
  const t = useT();
  const { message } = App.useApp();
  const lang = useLanguageStore((s) => s.lang);
  const client = useRefClient('users');
  const users = client.resource;
  const profile = useSessionStore(
    useShallow((s) => ({
      userName: s.userName,
      realName: s.realName,
      dpmtName: s.dpmtName,
      rank: s.rank,
      avatar: s.avatar,
      roleOptions: s.roleOptions,
    })),
  );

  async function save(values: Record<string, unknown>) {
    await client.action('self', undefined, values);
    // the navbar's name and avatar come from the user info: read it again
    await useSessionStore.getState().fetchUserInfo();
    message.success(t('profileSaved'));
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card title={t('basicInfo')}>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Avatar size={96} src={avatarUrl(profile.avatar)} alt="" />
          </div>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'userName', label: t('userName'), children: profile.userName },
              { key: 'realName', label: t('realName'), children: profile.realName },
              { key: 'department', label: t('department'), children: profile.dpmtName },
              { key: 'rank', label: t('rank'), children: profile.rank },
              {
                key: 'roles',
                label: t('roles'),
                // the roles by the names staff gave them, not the keys the permission checks use
                children: profile.roleOptions.map((role) => <Tag key={role.roleKey}>{role.roleName}</Tag>),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card title={t('editProfile')}>
          <ResourceForm
            key={`${profile.realName}-${profile.avatar}-${lang}`}
            resource={users}
            mode={{ action: 'self' }}
            initial={{ realName: profile.realName, personImage: profile.avatar }}
            onSubmit={save}
            lang={lang}
          />
        </Card>
      </Col>
    </Row>
  );
}

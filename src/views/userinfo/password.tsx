// Change password (spec §2 /userinfo/password): current, new and confirmation. After a first
// sign-in with a password someone else chose, the route guard keeps the user here until done.

import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useRefClient } from '../../../runtime/ui/ResourcesContext.tsx';
import { useT } from '../../i18n/useT.ts';
import { safeRedirect } from '../../router/safeRedirect.ts';
import { useSessionStore } from '../../stores/session.ts';

interface PasswordForm {
  oldPassword: string;
  password: string;
  confirm: string;
}

export default function PasswordPage() {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const users = useRefClient('users');
  // the users schema's password rule, which the server checks too
  const minLength = users.resource.fields.find((field) => field.name === 'password')?.minLength ?? 1;
  const userId = useSessionStore((s) => s.userId);
  const firstlogin = useSessionStore((s) => s.firstlogin);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<PasswordForm>();

  async function onFinish(values: PasswordForm) {
    setSaving(true);
    try {
      await users.action(
        'password',
        { id: userId },
        { oldPassword: values.oldPassword, password: values.password },
      );
      useSessionStore.getState().setFirstlogin(false);
      message.success(t('passwordChanged'));
      form.resetFields();
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // the HTTP client has shown why
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t('changePassword')} style={{ maxWidth: 560 }}>
      {firstlogin && (
        <Alert type="warning" showIcon title={t('firstLoginNotice')} style={{ marginBottom: 24 }} />
      )}
      <Form<PasswordForm> form={form} layout="vertical" onFinish={onFinish} disabled={saving}>
        <Form.Item
          name="oldPassword"
          label={t('oldPassword')}
          rules={[{ required: true, message: t('oldPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('newPassword')}
          dependencies={['oldPassword']}
          rules={[
            { required: true, message: t('newPasswordRequired') },
            { min: minLength, message: t('passwordTooShort') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value && value === getFieldValue('oldPassword')
                  ? Promise.reject(new Error(t('passwordSameAsOld')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadSchemaDir, type Resource, toServerValidator } from '../../../runtime/schema/index.ts';

async function resource(name: string): Promise<Resource> {
  const { resources } = await loadSchemaDir('schemas');
  return resources.find((r) => r.name === name)!;
}

describe('toServerValidator', () => {
  it('answers one message per bad field, naming the field in the language asked for', async () => {
    const validate = toServerValidator(await resource('users'), 'create', 'en');
    expect(
      validate({ userName: 'a', realName: '', password: 'short', email: 'nope', isAdmin: true }),
    ).toEqual({
      ok: false,
      errors: {
        userName: 'User name must be at least 2 characters',
        realName: 'Real name is required',
        password: 'Password must be at least 8 characters',
        email: 'Email is not a valid email address',
        isAdmin: 'this field cannot be set here',
      },
    });
  });

  it('speaks Chinese by default', async () => {
    const validate = toServerValidator(await resource('users'), 'create');
    expect(validate({ userName: 'abc', password: 'longenough' })).toEqual({
      ok: false,
      errors: { realName: '姓名不能为空' },
    });
  });

  it('rejects a field that is not writable in the mode (no mass assignment)', async () => {
    const validate = toServerValidator(await resource('users'), 'update', 'en');
    const result = validate({ realName: 'A', userName: 'renamed', status: 1 });
    expect(result).toEqual({
      ok: false,
      errors: { userName: 'this field cannot be set here', status: 'this field cannot be set here' },
    });
  });

  it('brings form-encoded text to the declared types, trims, and applies create defaults', async () => {
    const validate = toServerValidator(await resource('users'), 'create', 'en');
    expect(
      validate({ userName: '  alice ', realName: 'Alice', password: 'longenough', roleIds: '2', email: '' }),
    ).toEqual({
      ok: true,
      value: {
        userName: 'alice',
        realName: 'Alice',
        password: 'longenough',
        roleIds: [2],
        email: null,
        personImage: 'head_1',
      },
    });
    const menus = toServerValidator(await resource('menus'), 'update', 'en');
    expect(menus({ parentId: '0', menuName: 'Home', menuType: 'C', orderNum: '3', hidden: 'false' })).toEqual(
      {
        ok: true,
        value: { parentId: 0, menuName: 'Home', menuType: 'C', orderNum: 3, hidden: false },
      },
    );
  });

  it('reads an empty form value of a list as an empty list', async () => {
    const validate = toServerValidator(await resource('roles'), 'update', 'en');
    const result = validate({ roleName: 'Editors', roleKey: 'editor', menuIds: '' });
    expect(result).toEqual({ ok: true, value: { roleName: 'Editors', roleKey: 'editor', menuIds: [] } });
  });

  it('checks enum values, limits and types', async () => {
    const validate = toServerValidator(await resource('menus'), 'create', 'en');
    expect(validate({ menuName: 'x', menuType: 'X', orderNum: 10000, hidden: 'maybe' })).toEqual({
      ok: false,
      errors: {
        menuType: 'Type is not one of the choices',
        orderNum: 'Order must be at most 9999',
        hidden: 'Hidden has the wrong type',
      },
    });
  });

  it('validates an action body against its form only', async () => {
    const validate = toServerValidator(await resource('users'), { action: 'resetPassword' }, 'en');
    expect(validate({ password: 'longenough' })).toEqual({ ok: true, value: { password: 'longenough' } });
    expect(validate({ password: 'longenough', realName: 'x' })).toEqual({
      ok: false,
      errors: { realName: 'this field cannot be set here' },
    });
  });

  it('does not change the body it was given', async () => {
    const validate = toServerValidator(await resource('roles'), 'create', 'en');
    const body = { roleName: ' R ', roleKey: 'r', menuIds: ['1'] };
    validate(body);
    expect(body).toEqual({ roleName: ' R ', roleKey: 'r', menuIds: ['1'] });
  });

  it('checks a public submission against public.submit only: staff fields cannot be sent', async () => {
    const validate = toServerValidator(await resource('reportedmessages'), 'public', 'en');
    const report = {
      mailboxTypeId: '2',
      title: ' Canteen ',
      content: 'The canteen closes too early.',
      reporterName: 'Li Lei',
      reporterPhone: '138 0000 0000',
    };
    expect(validate(report)).toEqual({
      ok: true,
      value: { ...report, mailboxTypeId: 2, title: 'Canteen', allowPublic: false },
    });
    expect(validate({ ...report, status: 2, publicReply: 'true' })).toEqual({
      ok: false,
      errors: { status: 'this field cannot be set here', publicReply: 'this field cannot be set here' },
    });
    expect(validate({ ...report, reporterPhone: '' })).toEqual({
      ok: false,
      errors: { reporterPhone: 'Phone is required' },
    });
  });

  it('requires the answer in the reply dialog, which sets the answered status', async () => {
    const validate = toServerValidator(await resource('reportedmessages'), { action: 'reply' }, 'en');
    expect(validate({ replierId: '1', reply: 'Thank you, fixed.' })).toEqual({
      ok: true,
      value: { replierId: 1, reply: 'Thank you, fixed.' },
    });
    expect(validate({ replierId: '1', reply: '  ' })).toEqual({
      ok: false,
      errors: { reply: 'Answer is required' },
    });
  });
});

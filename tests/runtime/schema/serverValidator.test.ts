// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadSchemaDir, loadSchemaTexts } from '../../../runtime/schema/load.ts';
import { toServerValidator } from '../../../runtime/schema/serverValidator.ts';
import type { Resource } from '../../../runtime/schema/types.ts';

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

  it('refuses numbers no column holds: past int4, past a double, written as Infinity', async () => {
    const validate = toServerValidator(await resource('users'), 'update', 'en');
    const base = { realName: 'A' };
    for (const dpmtId of [2147483648, 1e20, '2147483648', '1e20', 'Infinity', '99999999999999999999']) {
      expect(validate({ ...base, dpmtId }), String(dpmtId)).toEqual({
        ok: false,
        errors: { dpmtId: 'Department must be at most 2147483647' },
      });
    }
    expect(validate({ ...base, roleIds: [1, 2147483648] })).toEqual({
      ok: false,
      errors: { roleIds: 'Roles must be at most 2147483647' },
    });
    expect(validate({ ...base, dpmtId: 2147483647 })).toMatchObject({ ok: true });
  });

  it('refuses a NUL character in any text, by the field it is in, in the language asked for', async () => {
    const users = await resource('users');
    expect(toServerValidator(users, 'update', 'en')({ realName: 'A\u0000B' })).toEqual({
      ok: false,
      errors: { realName: 'Real name must not contain a NUL character (\\u0000)' },
    });
    expect(toServerValidator(users, 'update', 'zh')({ realName: 'A\u0000B' })).toEqual({
      ok: false,
      errors: { realName: '姓名不能包含空字符（\\u0000）' },
    });
  });

  it('refuses a date in year 0000, which PostgreSQL has not got', () => {
    const validate = toServerValidator(blobs(), 'create', 'en');
    for (const value of [
      { day: '0000-01-01' },
      { at: '0000-01-01T00:00:00Z' },
      // nor an offset of 16 hours or more, which it calls out of range
      { at: '2026-01-01T00:00:00+16:00' },
      { at: '2026-01-01T00:00:00-2359' },
    ]) {
      expect(validate(value)).toMatchObject({
        ok: false,
        errors: { [Object.keys(value)[0]]: expect.any(String) },
      });
    }
    expect(validate({ day: '0001-01-01', at: '0001-01-01T00:00:00Z' })).toMatchObject({ ok: true });
    expect(validate({ at: '2026-01-01T00:00:00+15:59' })).toMatchObject({ ok: true });
    expect(validate({ at: '2026-01-01T00:00:00-05:00' })).toMatchObject({ ok: true });
  });

  it('refuses json nested deeper than 64 levels before parsing it, and NUL anywhere inside', () => {
    const validate = toServerValidator(blobs(), 'create', 'en');
    expect(validate({ data: `${'['.repeat(65)}${']'.repeat(65)}` })).toEqual({
      ok: false,
      errors: { data: 'Data must not nest deeper than 64 levels' },
    });
    expect(validate({ data: `${'['.repeat(100_000)}` })).toMatchObject({ ok: false });
    expect(validate({ data: `${'['.repeat(64)}${']'.repeat(64)}` })).toMatchObject({ ok: true });
    expect(validate({ data: { a: [{ 'b\u0000': 1 }] } })).toEqual({
      ok: false,
      errors: { data: 'Data must not contain a NUL character (\\u0000)' },
    });
  });
});

/** A resource with the field types no project schema has yet: json, date, datetime, all optional. */
function blobs(): Resource {
  const text = [
    'resource: blobs',
    'module: qa',
    'title: { zh: 数据, en: Blobs }',
    'fields:',
    '  data: { type: json, title: { zh: 数据, en: Data } }',
    '  day: { type: date, title: { zh: 日期, en: Day } }',
    '  at: { type: datetime, title: { zh: 时间, en: At } }',
  ].join('\n');
  const { resources, problems } = loadSchemaTexts([{ path: 'qa/blobs.yaml', text }], '.');
  if (problems.length > 0) throw new Error(JSON.stringify(problems));
  return resources[0];
}

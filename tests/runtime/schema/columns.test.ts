// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toListColumns } from '../../../runtime/schema/columns.ts';
import { loadSchemaDir } from '../../../runtime/schema/load.ts';

describe('toListColumns', () => {
  it('describes each declared column with its title, cell kind and label sources', async () => {
    const { resources } = await loadSchemaDir('schemas');
    const users = resources.find((r) => r.name === 'users')!;
    const columns = toListColumns(users, 'zh');
    expect(columns.map((c) => [c.field, c.cell])).toEqual([
      ['userName', 'text'],
      ['realName', 'text'],
      ['dpmtId', 'ref'],
      ['roleIds', 'ref'],
      ['email', 'email'],
      ['phone', 'phone'],
      ['status', 'tag'],
      ['createTime', 'datetime'],
    ]);
    expect(columns[0]).toEqual({
      field: 'userName',
      title: '用户名',
      width: 140,
      fixed: 'left',
      sortable: true,
      ellipsis: false,
      cell: 'text',
    });
    expect(columns[3]).toMatchObject({ ref: 'roles', refLabel: 'roleName', multiple: true });
    expect(columns[6].options).toEqual([
      { value: 0, label: '正常', color: 'green' },
      { value: 1, label: '冻结', color: 'red' },
    ]);
  });
});

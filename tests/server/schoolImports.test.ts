// @vitest-environment node
// The school's own resources that take a spreadsheet (docs/resources.md, "Which resources take a
// spreadsheet import"): staff accounts come in with their passwords hashed and a change forced at
// first sign-in, roles only from someone who may give them, and contents with their category
// named by label. Each test makes the rows it reads.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile, { type Row } from 'write-excel-file/node';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  postFile,
  startServer,
  type TestServer,
} from './harness.ts';

const workbook = (rows: Row[]) => writeXlsxFile(rows).toBuffer();

describe.each(backends)('school imports on $name', (backend) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('imports staff accounts with hashed passwords that must be changed at first sign-in', async () => {
    const file = await workbook([
      ['用户名', '姓名', '密码'],
      ['import_t1', '张老师', 'Chalk&Board2026'],
      ['import_t2', '李老师', 'Chalk&Board2027'],
    ]);
    const answer = await postFile(server.app, '/api/sys/users/import', admin, 'staff.xlsx', file);
    expect(answer.status).toBe(200);
    expect(answer.body.data.count).toBe(2);
    const stored = await sql<{ user_name: string; password: string; firstlogin: boolean }>`
      select user_name, password, firstlogin from sys_users where user_name like 'import_t%' order by user_name`.execute(
      server.db,
    );
    expect(stored.rows.map((r) => r.user_name)).toEqual(['import_t1', 'import_t2']);
    for (const row of stored.rows) {
      expect(row.password).not.toContain('Chalk');
      expect(row.firstlogin).toBe(true);
    }
    const signIn = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'import_t1', password: 'Chalk&Board2026' },
      form: true,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.firstlogin).toBe(true);
  });

  it('refuses a roles column from a user who may import users but not give roles, writing nothing', async () => {
    const role = await sql<{ id: number }>`
      insert into sys_roles (role_name, role_key, status) values ('导入员', 'importer_t', 0) returning id`.execute(
      server.db,
    );
    const perms = ['sys:users:list', 'sys:users:import', 'sys:users:create'];
    await sql`
      insert into sys_role_menus (role_id, menu_id)
      select ${role.rows[0].id}, id from sys_menus where perms in (${sql.join(perms)})`.execute(server.db);
    const user = await createUser(server, 'importer_t', ['importer_t']);
    const token = await login(server.app, 'importer_t', user.password);
    const file = await workbook([
      ['用户名', '姓名', '密码', '角色'],
      ['import_r1', '王老师', 'Chalk&Board2028', '超级管理员'],
    ]);
    const answer = await postFile(server.app, '/api/sys/users/import', token, 'staff.xlsx', file);
    expect(answer.status).toBe(403);
    expect(answer.body.meta.message).toContain('sys:users:assignRoles');
    const made = await sql<{
      n: number;
    }>`select count(*)::int as n from sys_users where user_name = 'import_r1'`.execute(server.db);
    expect(made.rows[0].n).toBe(0);
  });

  it('imports contents whose category is named by its label', async () => {
    const category = await call(server.app, 'POST', '/api/cms/contentCategorys', {
      token: admin,
      body: { categoryName: '导入测试栏目', parentId: 0, orderNum: 0, status: 0 },
    });
    expect(category.status).toBe(200);
    const file = await workbook([
      ['标题', '所属栏目', '发布时间', '正文'],
      ['导入的文章', '导入测试栏目', '2026-09-01 08:00:00', '<p>正文<script>alert(1)</script></p>'],
    ]);
    const answer = await postFile(server.app, '/api/cms/contents/import', admin, 'news.xlsx', file);
    expect(answer.status).toBe(200);
    const [id] = answer.body.data.ids;
    const row = await call(server.app, 'GET', `/api/cms/contents/${id}`, { token: admin });
    expect(row.body.data).toMatchObject({ title: '导入的文章', categoryId: category.body.data.id });
    // rich text is cleaned on every write path, an import included
    expect(row.body.data.body).not.toContain('<script');
  });
});

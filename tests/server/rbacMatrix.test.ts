// @vitest-environment node
// The RBAC matrix, generated from the manifest: every resource × every action (list and get
// included, custom actions too) × { the administrator, the seeded editor, a role made of one page
// and no buttons, no session }. What each should get is computed from the role's menus (the codes
// of the entries it is granted), and checked against the real server:
//   - no session: 401, everywhere;
//   - a code the caller holds (or the administrator): through the permission check, so anything
//     but 401/403, never an unknown route, never a 500;
//   - a code the caller lacks: 403 naming the code.
// Actions of scope `self` (own profile, own password, the menu look-ups) need a session and no
// button; a 403 from one must name only codes the caller lacks. Every request is harmless: rows
// that do not exist, bodies that fail validation, the caller's own id for `self`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action, Resource } from '../../runtime/schema/types.ts';
import {
  ADMIN_PASSWORD,
  type Answer,
  backends,
  call,
  createUser,
  login,
  startServer,
  type TestServer,
  testManifest,
} from './harness.ts';

/** The project's schemas and the test resource: the matrix has a test per resource in it. */
const manifest = await testManifest();

/** No row has this id. */
const MISSING = 999_999;

interface Principal {
  name: string;
  token?: string;
  userId?: number;
  /** the codes of the menu entries its roles are granted; null for the administrator (all) */
  codes: Set<string> | null;
}

/** An action as the matrix calls it: list and get are the endpoint's two reads. */
interface Call {
  action: string;
  method: string;
  path: string;
  code: string;
  scope: Action['scope'] | 'read';
}

function callsOf(resource: Resource): Call[] {
  const list = `${resource.module}:${resource.name}:list`;
  return [
    { action: 'list', method: 'GET', path: resource.endpoint, code: list, scope: 'read' },
    { action: 'get', method: 'GET', path: `${resource.endpoint}/{id}`, code: list, scope: 'read' },
    // an action that opens a page is a link, not a call
    ...resource.actions
      .filter((a) => !a.open)
      .map((a) => ({
        action: a.name,
        method: a.method,
        path: a.path,
        code: a.permission,
        scope: a.scope,
      })),
  ];
}

/** The codes a 403 names (`missing permission a or b`, or a grant refusal's list). */
const namedCodes = (message: string): string[] => message.match(/[A-Za-z0-9_-]+(:[A-Za-z0-9_*-]+){2}/g) ?? [];

async function send(server: TestServer, who: Principal, c: Call): Promise<Answer> {
  const own = c.scope === 'self' && who.userId !== undefined;
  const url = c.path.replace('{id}', String(own ? who.userId : MISSING));
  const body =
    c.method === 'GET'
      ? undefined
      : c.path.includes('{id}') || c.action === 'create'
        ? {}
        : { ids: [MISSING] };
  return call(server.app, c.method, url, { token: who.token, body });
}

/** What went wrong with one answer, or null when it is what the caller's grants call for. */
function judge(who: Principal, c: Call, answer: Answer): string | null {
  const { status } = answer;
  const message = answer.body?.meta?.message ?? '';
  const seen = `${who.name} ${c.method} ${c.path} (${c.action}) → ${status} ${message}`.slice(0, 300);
  if (!who.token) return status === 401 ? null : `${seen}: expected 401`;
  if (status >= 500) return `${seen}: a 500`;
  if (status === 404 && message.startsWith(`not found: ${c.method} `)) return `${seen}: no such route`;
  if (status === 401) return `${seen}: a session was sent`;
  if (c.scope === 'self') {
    if (status !== 403) return null;
    const named = namedCodes(message);
    const held = named.filter((code) => who.codes === null || who.codes.has(code));
    return named.length > 0 && held.length === 0
      ? null
      : `${seen}: refused though it holds ${held.join(', ')}`;
  }
  const allowed = who.codes === null || who.codes.has(c.code);
  if (allowed) return status === 403 ? `${seen}: refused though it holds ${c.code}` : null;
  if (status !== 403) return `${seen}: expected 403 for lacking ${c.code}`;
  return message.includes(c.code) ? null : `${seen}: the 403 does not name ${c.code}`;
}

describe.each(backends)('RBAC matrix on $name', (backend) => {
  let server: TestServer;
  const principals: Principal[] = [];

  /** The codes of the entries a role is granted, as the server reads them. */
  const codesOf = async (roleKey: string) => {
    const rows = await server.db
      .selectFrom('sys_role_menus as rm')
      .innerJoin('sys_roles as r', 'r.id', 'rm.role_id')
      .innerJoin('sys_menus as m', 'm.id', 'rm.menu_id')
      .select('m.perms')
      .where('r.role_key', '=', roleKey)
      .where('m.status', '=', 0)
      .where('m.perms', 'is not', null)
      .execute();
    return new Set(rows.map((r) => String(r.perms)));
  };

  const signIn = async (name: string, roleKey: string): Promise<Principal> => {
    const user = await createUser(server, name, [roleKey]);
    return {
      name,
      token: await login(server.app, name, user.password),
      userId: user.id,
      codes: await codesOf(roleKey),
    };
  };

  beforeAll(async () => {
    server = await startServer(backend, {}, { manifest });
    const admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    principals.push({ name: 'administrator', token: admin, userId: 1, codes: null });
    principals.push(await signIn('matrix_editor', 'editor'));

    // a role made with one page: the notes page entry and none of its buttons
    const page = await server.db
      .selectFrom('sys_menus')
      .select('id')
      .where('menu_key', '=', 'page:notes')
      .executeTakeFirstOrThrow();
    const role = await server.db
      .insertInto('sys_roles')
      .values({ role_name: 'One page', role_key: 'one_page', sort_order: 9 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('sys_role_menus').values({ role_id: role.id, menu_id: page.id }).execute();
    principals.push(await signIn('matrix_one_page', 'one_page'));

    principals.push({ name: 'no session', codes: new Set() });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives every action a permission code that a menu button carries, so a role can be granted it', async () => {
    const buttons = await server.db.selectFrom('sys_menus').select(['perms', 'menu_type']).execute();
    const carried = new Set(buttons.map((b) => b.perms));
    const declared = new Set(server.manifest.permissions.map((p) => p.code));
    const problems: string[] = [];
    for (const resource of server.manifest.resources) {
      for (const c of callsOf(resource)) {
        if (!/^[a-z]+:[A-Za-z0-9]+:[A-Za-z0-9]+$/.test(c.code ?? ''))
          problems.push(`${resource.name}.${c.action} has no permission code`);
        else if (!declared.has(c.code)) problems.push(`${c.code} is not in the manifest's permissions`);
        else if (c.scope !== 'self' && !carried.has(c.code)) problems.push(`no menu entry carries ${c.code}`);
      }
    }
    expect(problems).toEqual([]);
    // the roles the matrix uses are what it says they are
    const editor = principals.find((p) => p.name === 'matrix_editor')!;
    expect(editor.codes!.has('cms:contents:publish')).toBe(true);
    expect([...editor.codes!].filter((code) => code.startsWith('sys:users:'))).toEqual([]);
    expect([...principals.find((p) => p.name === 'matrix_one_page')!.codes!]).toEqual(['qa:notes:list']);
  });

  it.each(manifest.resources.map((r) => r.name))(
    'checks every action of %s for each caller',
    async (name) => {
      const resource = server.manifest.resources.find((r) => r.name === name)!;
      expect(resource).toBeDefined();
      const problems: string[] = [];
      for (const c of callsOf(resource)) {
        for (const who of principals) {
          const problem = judge(who, c, await send(server, who, c));
          if (problem) problems.push(problem);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

// @vitest-environment node
// Writes at the same time (docs/api.md, "Concurrent edits"): two saves of one version end in
// one 200 and one 409; batch updates of overlapping rows sent in opposite orders never answer
// 5xx and each is applied whole or not at all, also from two server processes (two pools) on
// one PostgreSQL; a real deadlock is retried, and after the last try it is a 409, never a 500.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  login,
  startServer,
  TEST_SECURITY,
  type TestServer,
  UNTIL_EVENT,
} from './harness.ts';

const NOTES = '/api/qa/notes';
const BATCHES = 20;
const ROWS = 6;

interface Note {
  id: number;
  version: number;
  body: string | null;
  reviewerIds: number[];
}

/** Creates `count` notes of their own (titles carry `tag`), returning their ids in order. */
async function makeNotes(app: FastifyInstance, token: string, tag: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await call(app, 'POST', NOTES, { token, body: { title: `${tag}${i}` } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    ids.push(answer.body.data.id);
  }
  return ids;
}

/**
 * Batch k sets `body: b{k}` and one reviewer on four of the rows, in ascending id order when k
 * is even and descending when odd, so neighbours lock the same rows in opposite orders.
 */
function batchOf(rows: number[], k: number, reviewers: number[]) {
  const window = rows.slice(k % 3, (k % 3) + 4);
  const ids = k % 2 === 0 ? window : [...window].reverse();
  return { ids, body: `b${k}`, reviewerIds: [reviewers[k % reviewers.length]] };
}

/** Every row shows exactly the successful batches that covered it, and the last one's values. */
async function expectWholeBatches(
  app: FastifyInstance,
  token: string,
  rows: number[],
  batches: Array<ReturnType<typeof batchOf>>,
  statuses: number[],
) {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  for (const status of statuses) expect([200, 409]).toContain(status);
  for (const id of rows) {
    const row = (await call(app, 'GET', `${NOTES}/${id}`, { token })).body.data as Note;
    const applied = batches.filter((b, k) => statuses[k] === 200 && b.ids.includes(id));
    // each applied batch moved the version on once; one applied in part would show in the count
    expect(row.version, `row ${id}`).toBe(1 + applied.length);
    if (applied.length === 0) {
      expect(row.body).toBeNull();
      continue;
    }
    // the row holds one applied batch's values entire: its body and its reviewer together
    const last = applied.find((b) => b.body === row.body);
    expect(last, `row ${id} body ${row.body}`).toBeDefined();
    expect(row.reviewerIds).toEqual(last!.reviewerIds);
  }
}

/** Two users besides the administrator, to be the reviewers the batches set. */
async function reviewers(app: FastifyInstance, token: string, tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (const name of ['a', 'b']) {
    const answer = await call(app, 'POST', '/api/sys/users', {
      token,
      body: { userName: `${tag}_${name}`, realName: name, password: 'Passw0rd!long' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    ids.push(answer.body.data.id);
  }
  return ids;
}

describe.each(backends)('writes at the same time on $name', (backend) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets exactly one of two saves of the same version through; the other is a 409 with the winner', async () => {
    const [id] = await makeNotes(server.app, admin, 'lost', 1);
    const save = (body: string) =>
      call(server.app, 'PUT', `${NOTES}/${id}`, { token: admin, body: { title: 'lost0', body, version: 1 } });
    const answers = await Promise.all([save('first'), save('second')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.data.current).toMatchObject({ body: winner.body.data.body, version: 2 });
    const row = (await call(server.app, 'GET', `${NOTES}/${id}`, { token: admin })).body.data;
    expect(row).toMatchObject({ body: winner.body.data.body, version: 2 });
  });

  it(`applies ${BATCHES} concurrent batch updates of overlapping rows in opposite orders whole or not at all`, async () => {
    const rows = await makeNotes(server.app, admin, 'one', ROWS);
    const people = await reviewers(server.app, admin, 'one');
    const batches = Array.from({ length: BATCHES }, (_, k) => batchOf(rows, k, people));
    const answers = await Promise.all(
      batches.map((batch) => call(server.app, 'PUT', NOTES, { token: admin, body: batch })),
    );
    await expectWholeBatches(
      server.app,
      admin,
      rows,
      batches,
      answers.map((a) => a.status),
    );
  });
});

/** PostgreSQL only: PGlite is one connection, where writes never run at the same time. */
const postgres = backends.filter((b) => b.name === 'postgresql');

describe.each(postgres)('two server processes on one $name', (backend) => {
  let server: TestServer;
  let second: DatabaseHandle;
  let other: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(backend);
    // another process: its own pool on the same database
    second = await connectDatabase({ url: server.url });
    other = await buildApp({
      db: second.db,
      manifest: server.manifest,
      dataDir: server.dataDir,
      security: TEST_SECURITY,
    });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await other?.close();
    await second?.close();
    await server?.close();
  });

  it(`answers ${BATCHES} batch updates in opposite orders across both with no 5xx, each whole or not at all`, async () => {
    const rows = await makeNotes(server.app, admin, 'two', ROWS);
    const people = await reviewers(server.app, admin, 'two');
    const batches = Array.from({ length: BATCHES }, (_, k) => batchOf(rows, k, people));
    const answers = await Promise.all(
      batches.map((batch, k) =>
        call(k % 2 === 0 ? server.app : other, 'PUT', NOTES, { token: admin, body: batch }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    await expectWholeBatches(other, admin, rows, batches, statuses);
    // the rows are locked in id order, so none of these needed a retry, let alone gave up
    expect(statuses).toEqual(batches.map(() => 200));
  });

  it('lets exactly one of two saves of one version through when they reach different processes', async () => {
    const [id] = await makeNotes(server.app, admin, 'split', 1);
    const save = (app: FastifyInstance, body: string) =>
      call(app, 'PUT', `${NOTES}/${id}`, { token: admin, body: { title: 'split0', body, version: 1 } });
    const answers = await Promise.all([save(server.app, 'here'), save(other, 'there')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  /**
   * A deadlock made on purpose: another connection holds row b, the batch locks a and waits for
   * b, then the other connection asks for a. PostgreSQL aborts the batch (its wait began first,
   * and the other connection's deadlock_timeout is set long so it never checks first); the
   * other connection then gets a, changes it and commits.
   */
  async function deadlockWith(app: FastifyInstance, tag: string, headers: Record<string, string> = {}) {
    const [a, b] = await makeNotes(server.app, admin, tag, 2);
    const outsider = new pg.Client({ connectionString: server.url });
    await outsider.connect();
    try {
      await outsider.query('begin');
      await outsider.query(`set local deadlock_timeout = '60s'`);
      await outsider.query('select id from qa_notes where id = $1 for update', [b]);
      const batch = call(app, 'PUT', NOTES, { token: admin, headers, body: { ids: [b, a], rating: 7 } });
      // wait for the event itself: the batch's transaction waiting for the outsider's row lock
      const outsiderPid = (await outsider.query('select pg_backend_pid() as pid')).rows[0].pid;
      const waiting = async () =>
        (
          await outsider.query(
            'select count(*)::int as n from pg_locks where not granted and $1 = any(pg_blocking_pids(pid))',
            [outsiderPid],
          )
        ).rows[0].n > 0;
      await vi.waitFor(async () => expect(await waiting()).toBe(true), UNTIL_EVENT);
      // this closes the circle; it returns once PostgreSQL has aborted the batch's transaction
      await outsider.query('select id from qa_notes where id = $1 for update', [a]);
      await outsider.query(`update qa_notes set body = 'outsider' where id = $1`, [a]);
      await outsider.query('commit');
      return { answer: await batch, a, b };
    } finally {
      await outsider.end();
    }
  }

  it('runs a batch again when PostgreSQL aborts it for a deadlock, applying it once', async () => {
    const { answer, a, b } = await deadlockWith(server.app, 'dead');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const id of [a, b]) {
      const row = (await call(server.app, 'GET', `${NOTES}/${id}`, { token: admin })).body.data;
      expect(row).toMatchObject({ rating: 7, version: 2 });
    }
    const first = (await call(server.app, 'GET', `${NOTES}/${a}`, { token: admin })).body.data;
    expect(first.body).toBe('outsider');
    const audit = await server.db
      .selectFrom('sys_audit_log')
      .select('target')
      .where('action', '=', 'batchUpdate')
      .where('target', '=', `${b},${a}`)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('answers 409 "busy, try again" in the request language once the tries are used up; nothing changes', async () => {
    const once = await server.reopen({ writeAttempts: 1 });
    const { answer, a, b } = await deadlockWith(once, 'busy', { 'accept-language': 'en' });
    expect(answer.status).toBe(409);
    expect(answer.body.meta.message).toBe('the rows are busy with other changes; try again');
    for (const id of [a, b]) {
      const row = (await call(server.app, 'GET', `${NOTES}/${id}`, { token: admin })).body.data;
      expect(row).toMatchObject({ rating: null, version: 1 });
    }
  });
});

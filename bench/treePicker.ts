// The tree picker's reads over a large tree (docs/benchmarks.md, "Tree pickers"): an in-memory
// PGlite holding N content categories, ten roots and ten children a row, made with one SQL
// statement; then the store answers, as the picker asks them, the top level, a deep level, a
// search with the hits' ancestors and a chosen row's path, each timed over a few rounds.
//
//   npx tsx bench/treePicker.ts [rows=100000] [rounds=20]
import { sql } from 'kysely';
import { connectDatabase } from '../server/db/connect.ts';
import { migrateSystemTables } from '../server/db/migrate.ts';
import { syncResourceTables } from '../server/db/syncTables.ts';
import { parseListQuery } from '../server/resources/listQuery.ts';
import { ResourceStore } from '../server/resources/store.ts';
import { DEFAULT_SECURITY } from '../server/security.ts';
import { loadManifest } from '../server/start.ts';

const ROWS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 20);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const manifest = await loadManifest('schemas');
  const database = await connectDatabase();
  await migrateSystemTables(database.db);
  await syncResourceTables(database.db, manifest);
  const made = Date.now();
  await sql`
    insert into cms_content_categorys (id, parent_id, category_name, kind, status, show_in_nav, regulation)
    select i, case when i <= 10 then null else (i - 1) / 10 end, '大树' || i, 0, 0, true, false
    from generate_series(1, ${ROWS}::int) i`.execute(database.db);
  await sql`analyze cms_content_categorys`.execute(database.db);
  console.log(`${ROWS} categories made in ${Date.now() - made} ms`);

  const resource = manifest.resources.find((r) => r.name === 'contentCategorys')!;
  const store = new ResourceStore(database.db, resource, manifest, DEFAULT_SECURITY);
  const deep = Math.floor((ROWS - 1) / 10);
  const cases: Array<[string, Record<string, string>]> = [
    ['top level', { parentId: '0', hasChildren: 'true', limit: '50' }],
    [`level of ${deep}`, { parentId: String(deep), hasChildren: 'true', limit: '50' }],
    [
      `search 大树${ROWS}`,
      { categoryName: `大树${ROWS}`, hasChildren: 'true', ancestors: 'true', limit: '50' },
    ],
    [
      'search 大树99 (many hits)',
      { categoryName: '大树99', hasChildren: 'true', ancestors: 'true', limit: '50' },
    ],
    [`path of ${ROWS}`, { id: String(ROWS), ancestors: 'true', limit: '1' }],
  ];
  console.log('| read | rows | median ms |');
  console.log('|---|---|---|');
  for (const [name, params] of cases) {
    const query = parseListQuery(resource, params);
    const times: number[] = [];
    let rows = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      const answer = await store.list(query);
      times.push(performance.now() - start);
      rows = answer.rows.length + (answer.ancestors?.length ?? 0);
    }
    console.log(`| ${name} | ${rows} | ${median(times).toFixed(1)} |`);
  }
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

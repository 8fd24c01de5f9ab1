// The category tree the browser benchmarks open (bench:treetable, bench:reloads): `rows` content
// categories made in the server's embedded database with one `insert … select … generate_series`,
// their ids above the seed's. Ten roots without an order number (they lead the top level); the
// first holds half the categories, the other nine the rest.
import { connectDatabase } from '../tests/e2e/database.ts';

/** The made categories' ids start above this, away from the seeded ones. */
const TREE_BASE_ID = 1_000_000;

/** Makes the tree in the database of the server whose DATA_DIR is `dataDir`. */
export async function makeCategoryTree(dataDir: string, rows: number): Promise<void> {
  const big = rows / 2;
  const db = await connectDatabase(dataDir);
  try {
    await db.query(
      `insert into cms_content_categorys (id, parent_id, category_name, kind, status, show_in_nav, regulation, order_num)
       select ${TREE_BASE_ID} + i,
         case when i <= 10 then null when i <= ${10 + big} then ${TREE_BASE_ID} + 1 else ${TREE_BASE_ID} + 2 + i % 9 end,
         '大树' || lpad(i::text, 5, '0'), 0, 0, true, false, case when i <= 10 then null else i end
       from generate_series(1, ${rows}) i`,
    );
    await db.query('analyze cms_content_categorys');
  } finally {
    await db.end();
  }
}

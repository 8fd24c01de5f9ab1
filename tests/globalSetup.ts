// The embedded database's empty cluster, made once before the test files' workers start: every
// PGlite a test opens then copies it instead of running initdb, and no two workers make it at
// the same moment (server/db/pgliteTemplate.ts).
import { ensurePgliteTemplate } from '../server/db/pgliteTemplate.ts';

export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
}

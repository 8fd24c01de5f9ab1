// The real server app over a fresh in-memory PGlite (tests/server/harness.ts), in a process of
// its own: jsdom's globals do not suit the server's file lookups, so component tests start this
// and reach it over HTTP (realServer.ts). Prints `{ port, token }` once it listens; runs the SQL
// statements the parent sends (`{ sql }`), answering `{}` or `{ error }`.
import { sql } from 'kysely';
import { ADMIN_PASSWORD, backends, login, startServer } from '../../server/harness.ts';

const server = await startServer(backends[0]);
const token = await login(server.app, 'admin', ADMIN_PASSWORD);
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, token })}\n`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('message', (message: { sql: string }) => {
  sql
    .raw(message.sql)
    .execute(server.db)
    .then(
      () => process.send?.({}),
      (error: Error) => process.send?.({ error: error.message }),
    );
});
process.on('SIGTERM', stop);
process.on('disconnect', stop);

#!/bin/sh
# Runs the built server (dist-server/main.js) in this shell's place, with Node's flags for the
# database it serves (server/processEntry.ts, serverNodeFlags): on the embedded database a young
# generation of 2 MB a half, which keeps its memory down; on PostgreSQL (DATABASE_URL) V8's
# default, under which the same server answers about a fifth more list requests a second.
# `npm run serve` runs this, and `npm start` after its build.
if [ -n "$DATABASE_URL" ]; then
  exec node dist-server/main.js "$@"
fi
exec node --max-semi-space-size=2 dist-server/main.js "$@"

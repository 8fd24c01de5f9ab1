#!/bin/sh
# `npm start`: builds the app and the server and makes what a first start needs
# (server/launch.ts), then runs the built server in this shell's place (server/run.sh). Nothing
# stays behind holding a TypeScript loader: the server and its database process are plain Node
# (build/server.ts). `--help` (or `-h`) prints the configuration and builds nothing.
set -e
for arg in "$@"; do
  case "$arg" in
    --help | -h) exec tsx server/launch.ts start --help ;;
  esac
done
tsx server/launch.ts start
exec sh server/run.sh "$@"

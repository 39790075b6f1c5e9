#!/usr/bin/env bash
# `npm start`, `npm run demo`, `npm run lab` and `npm run bench` run through here: Node 24 first on PATH
# (scripts/node-env.sh, as `npm test` does), whatever node npm itself was started with, then
# `node <arguments>`. The compiled modules are cached under .cache/ (git ignores it), so that a restart
# skips most of the TypeScript stripping and compiling (docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node-env.sh
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$PWD/.cache/node-compile-cache}"
exec node "$@"

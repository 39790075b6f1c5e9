#!/usr/bin/env bash
# `npm start`: the server bundle that `npm run build` makes (build/app/main.js), in production, on Node 24.
# Node replaces this shell (exec): its standard output is the log's JSON lines and nothing else. npm prints two
# lines of its own before them, unless started as `npm start --silent` (docs/deploy.md, Logs).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/app/main.js ]; then
  echo "No server build at build/app/main.js: run \`npm run build\` first (README, Production)." >&2
  exit 1
fi
# glibc's malloc keeps up to 8 arenas a core, each holding freed memory: 2 hold ~50 MB less after a 10k
# lab's fill and load, at the same req/s (docs/performance.md, memory after writes)
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# a fixed threshold (rather than glibc's, which rises after each large free) keeps big blocks (a 10k lab's
# list answers, their compression) in their own mappings, handed back when freed; trim what is freed at the
# top of the heaps from 128 KB: −20 to −30 MB after a 10k lab's first answers (docs/performance.md)
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
NODE_ENV=production exec bash scripts/node.sh --max-semi-space-size=8 --heap-growing-percent=20 build/app/main.js "$@"

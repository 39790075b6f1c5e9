#!/usr/bin/env bash
# `npm test`: typecheck, lint and the whole test suite (API on SQLite and PostgreSQL).
# Under CI (CI=true) a missing PostgreSQL is a failure; elsewhere its suites say they were skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node-env.sh
echo "== typecheck"
npx --no-install tsc --noEmit -p .
echo "== lint"
npx --no-install biome check .
echo "== tests"
npx --no-install vitest run

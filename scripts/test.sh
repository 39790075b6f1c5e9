#!/usr/bin/env bash
# `npm test`: typecheck, lint and the whole test suite (API on SQLite and PostgreSQL).
# Under CI (CI=true) a missing PostgreSQL is a failure; elsewhere its suites say they were skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node-env.sh
checks_started=$SECONDS
echo "== typecheck"
npx --no-install react-router typegen >/dev/null
npx --no-install tsc --noEmit -p .
echo "== lint"
npx --no-install biome check .
npx --no-install knip
checks=$((SECONDS - checks_started))
echo "== tests"
report="$(mktemp -t vitest-XXXXXX.json)"
status=0
npx --no-install vitest run --reporter=default --reporter=json --outputFile.json="$report" || status=$?
# the slowest files, the time per project, then one plain closing line for CI: "N passed, N failed, N skipped"
node scripts/test-report.ts "$report" "$checks" || true
rm -f "$report"
exit "$status"

#!/usr/bin/env bash
# npm test: lint and format check, unused-code check, type check, unit tests, production build,
# then browser tests against the built site and its embedded backend; last, the tests and
# assertions counted against tests/test-counts.json (scripts/test-summary.ts), whose last line
# is "N passed, N failed". `npm run test:report` then files the run's per-file timing in
# bench/report.md. `npm run test:quick` is the fast lane for a change.
set -euo pipefail
cd "$(dirname "$0")/.."
reports=.cache/test-reports
rm -rf "$reports"
echo "== lint and format"; npx biome ci .
echo "== unused code";  npx knip
echo "== type check";   npx tsc -p . && npx tsc -p bench
echo "== unit tests";   bash scripts/ensure-deno.sh; bash scripts/ensure-pg-cron.sh
TEST_REPORT="$reports/unit.json" npx vitest run --project unit
echo "== build";        npm run build
echo "== browser tests"; TEST_REPORT_DIR="$reports" bash scripts/test-e2e.sh
npx tsx scripts/test-summary.ts "$reports/unit.json" "$reports/e2e.json"

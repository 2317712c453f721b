#!/usr/bin/env bash
# npm test: lint and format check, unused-code check, type check, unit tests, production
# build, then browser tests against the
# built site and its embedded backend.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== lint and format"; npx biome ci .
echo "== unused code";  npx knip
echo "== type check";   npx tsc -p . && npx tsc -p bench
echo "== unit tests";   bash scripts/ensure-deno.sh; bash scripts/ensure-pg-cron.sh; npx vitest run --project unit
echo "== build";        npm run build
echo "== browser tests"; bash scripts/test-e2e.sh

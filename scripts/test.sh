#!/usr/bin/env bash
# npm test: type check, unit tests, production build, then browser tests against the
# built site and its embedded backend.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== lint and format"; npx biome ci .
echo "== type check";   npx tsc -p .
echo "== unit tests";   bash scripts/ensure-deno.sh; npx vitest run --project unit
echo "== build";        npm run build
echo "== browser tests"; bash scripts/ensure-chromium.sh
npx vitest run --project e2e

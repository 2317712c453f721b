#!/usr/bin/env bash
# npm test: lint and format check, unused-code check, type check, unit tests, production build,
# then browser tests against the built site and its embedded backend; last, the tests and
# assertions counted against tests/test-counts.json (scripts/test-summary.ts), whose last line
# is "N passed, N failed". `npm run test:report` then files the run's per-file timing in
# bench/report.md. `npm run test:quick` is the fast lane for a change.
#
# Steps that need nothing from each other run side by side, because most of them keep one core of
# the two busy (tsc, knip and most of the build are single-threaded): the checks and the build
# first, with the tools the tests need installed meanwhile; then the unit tests; then the browser
# tests, which need the build. Each step run beside others writes its own log, printed whole when
# the step ends, so the output reads as if they had run one after the other. The first failing
# step ends the run, as before.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/use-node22.sh
echo "== Node.js $(node --version)"
reports=.cache/test-reports
logs="$reports/steps"
rm -rf "$reports"
mkdir -p "$logs"
declare -A pids=()
# Each step in its own process group (job control), so that a failure ends a step's children too.
set -m
trap 'for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done' EXIT

# start NAME COMMAND...: runs the command in the background, its output in $logs/NAME.log.
start() {
  local name=$1
  shift
  "$@" >"$logs/$name.log" 2>&1 &
  pids[$name]=$!
}

# finish NAME TITLE: waits for the step, prints its output under its title, stops on its failure.
finish() {
  local name=$1 title=$2 status=0
  wait "${pids[$name]}" || status=$?
  unset "pids[$name]"
  echo "== $title"
  cat "$logs/$name.log"
  if [ "$status" -ne 0 ]; then
    echo "== $title failed (exit $status)" >&2
    exit "$status"
  fi
}

tools() {
  # One after the other: two of them may install Debian packages, which take apt's lock.
  bash scripts/ensure-deno.sh
  bash scripts/ensure-pg-cron.sh
  bash scripts/ensure-chromium.sh
  # Firefox and WebKit for the journeys: without them those journeys are skipped, each saying
  # what is missing (tests/e2e/journeys-in-three-engines.test.ts), and the rest still runs.
  bash scripts/ensure-engines.sh || echo "(the Firefox and WebKit journeys will be skipped)"
  # The Nu Html Checker and Java for it: without them that check of dist/ is skipped, saying why.
  bash scripts/ensure-vnu.sh || echo "(the Nu Html Checker will be skipped)"
}
# The bench's types, and the engine's against the second site's forms (examples/bakery/tsconfig.json).
lint_and_unused() { npx biome ci . && npx knip && npx tsc -p bench && npx tsc -p examples/bakery; }

start tools tools
start lint lint_and_unused
start types npx tsc -p .
start build npm run build
finish lint "lint and format, unused code, the bench's and the second site's types"
finish types "type check"
finish tools "tools the tests need"
echo "== unit tests (the build goes on beside them)"
# Three files at a time: the pg_cron test waits most of a minute for the job's minute to come,
# and a third file keeps both cores busy meanwhile.
TEST_WORKERS="${TEST_WORKERS:-3}" TEST_REPORT="$reports/unit.json" npx vitest run --project unit
finish build "build"
echo "== browser tests"; TEST_REPORT_DIR="$reports" bash scripts/test-e2e.sh
npx tsx scripts/test-summary.ts "$reports/unit.json" "$reports/e2e.json"

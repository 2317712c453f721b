#!/usr/bin/env bash
# npm run test:e2e [-- --repeat N] [vitest args]: the browser tests against the built site
# (run `npm run build` first), N times in a row to catch a flaky test before CI does.
#
# One vitest process runs two files at a time (vitest.config.ts: two workers, each with its own
# site server and backend, tests/e2e/global-setup.ts), the longest first by their measured time
# (bench/test-timings.json; a file not measured yet counts as the median one): each worker takes
# the next file when it is free, so the two end about together and a new file is picked up
# without any list to keep. With TEST_REPORT_DIR set, the run's per-file figures are written there
# (e2e.json) for scripts/test-summary.ts and `npm run test:report`.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/use-node22.sh
repeat=1
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat="$2"; shift 2 ;;
    --repeat=*) repeat="${1#*=}"; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
bash scripts/ensure-chromium.sh
# Firefox and WebKit for the journeys (tests/e2e/journeys-in-three-engines.test.ts): without
# them those journeys are skipped, each saying what is missing, and the rest still runs.
bash scripts/ensure-engines.sh || echo "(the Firefox and WebKit journeys will be skipped)" >&2
# The Nu Html Checker over dist/ (tests/e2e/valid-html.test.ts): without it or Java, skipped, saying why.
bash scripts/ensure-vnu.sh || echo "(the Nu Html Checker will be skipped)" >&2

status=0
for run in $(seq 1 "$repeat"); do
  [ "$repeat" -gt 1 ] && echo "== browser tests, run $run of $repeat"
  TEST_REPORT="${TEST_REPORT_DIR:+$TEST_REPORT_DIR/e2e.json}" npx vitest run --project e2e "${args[@]}" || status=$?
done
exit "$status"

#!/usr/bin/env bash
# npm run test:e2e [-- --repeat N] [vitest args]: the browser tests against the built site
# (run `npm run build` first), N times in a row to catch a flaky test before CI does.
set -euo pipefail
cd "$(dirname "$0")/.."
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
for run in $(seq 1 "$repeat"); do
  [ "$repeat" -gt 1 ] && echo "== browser tests, run $run of $repeat"
  npx vitest run --project e2e "${args[@]}"
done

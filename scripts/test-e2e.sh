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
for run in $(seq 1 "$repeat"); do
  [ "$repeat" -gt 1 ] && echo "== browser tests, run $run of $repeat"
  npx vitest run --project e2e "${args[@]}"
done

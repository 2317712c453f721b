#!/usr/bin/env bash
# npm run test:e2e [-- --repeat N] [vitest args]: the browser tests against the built site
# (run `npm run build` first), N times in a row to catch a flaky test before CI does.
#
# Without vitest args the files run in two processes at once, each with its own site server
# and backend (tests/e2e/global-setup.ts), each file after the other inside a process as always:
# a browser test spends much of its time waiting on the browser, so on two cores the two
# together take about what the longer one takes. The second process gets the tests that only
# read pages (axe, focus, layout, HTML) and the page editor's, which starts its own server;
# every other file, and any new one, runs in the first.
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

second=(
  accessibility nothing-hides-focus-or-content valid-html seo-in-prerendered-html prerendered-html
  links routing layout navigation-is-announced services-menu-for-mouse-touch-and-keyboard
  the-end-key-reaches-the-end-of-a-long-page site-content partial-hydration byte-budgets
  form-code-stays-off-other-pages code-run-at-once-is-compiled-as-it-streams page-editor page-editor-marketer the-preview-renders-what-the-server-renders
  every-field-with-a-problem-says-so
)
second_files=()
first_excludes=()
for name in "${second[@]}"; do
  [ -f "tests/e2e/$name.test.ts" ] || { echo "scripts/test-e2e.sh: tests/e2e/$name.test.ts is gone: update the list" >&2; exit 1; }
  second_files+=("tests/e2e/$name.test.ts")
  first_excludes+=(--exclude "tests/e2e/$name.test.ts")
done

run_all() {
  if [ "${#args[@]}" -gt 0 ]; then
    npx vitest run --project e2e "${args[@]}"
    return
  fi
  local log status=0
  log=$(mktemp)
  # The second process's report is printed when it ends, not interleaved with the first's.
  npx vitest run --project e2e "${second_files[@]}" >"$log" 2>&1 &
  local second_pid=$!
  npx vitest run --project e2e "${first_excludes[@]}" || status=$?
  wait "$second_pid" || status=$?
  echo "== browser tests, second process (pages and the page editor)"
  cat "$log"
  rm -f "$log"
  return "$status"
}

for run in $(seq 1 "$repeat"); do
  [ "$repeat" -gt 1 ] && echo "== browser tests, run $run of $repeat"
  run_all
done

#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through the playwright package (it downloads no browser) (Playwright's own browser
# downloads do not work here). Installs it when missing and possible; otherwise says how.
set -euo pipefail
# Debian's chromium-headless-shell (the old headless mode) runs the tests with less CPU than the full
# browser's headless mode: installed too where possible, and used when present (scripts/engines/browsers.ts).
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium-headless-shell for the browser tests…"
  { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; }; } ||
    echo "(chromium-headless-shell could not be installed: the browser tests use chromium)" >&2
fi
for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium not found: installing Debian's chromium package…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "Chromium is required for the browser tests. Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium" >&2
echo "or set CHROMIUM_PATH to a Chromium or Chrome executable." >&2
exit 1

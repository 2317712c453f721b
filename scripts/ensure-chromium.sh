#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through the playwright package (it downloads no browser) (Playwright's own browser
# downloads do not work here). Installs it when missing and possible; otherwise says how.
set -euo pipefail
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

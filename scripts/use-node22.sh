# Sourced by the test scripts (scripts/test.sh, scripts/test-e2e.sh, npm run test:quick): the tests run on the Node.js
# the project declares (package.json's engines: 22.12 or later), first on PATH for every step and
# every process a step starts. On a machine whose own Node is older (Node 20 is past its end of
# life), that is scripts/ensure-node22.sh's, from the npm registry. Measured on the unit tests,
# Node 22 took 123 against 141 s of CPU for the same 520 tests; and a difference between the two
# (a PNG handed to another thread) failed a build only on Node 22.
node22=$(bash scripts/ensure-node22.sh)
PATH="$(dirname "$node22"):$PATH"
export PATH

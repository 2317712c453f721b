import { defineConfig } from 'vitest/config'
import TimedSequencer from './tests/timed-sequencer'

// Two files at a time in each project (the machine's two cores): much of a test's time is spent
// waiting on a browser, a server or a child process. The longest files go first (by their measured
// time), so that both workers end about together.
const WORKERS = Number(process.env.TEST_WORKERS ?? 2)
// The site the tests are about is this one: its forms, as src/vite/config.ts and tsconfig.json name them.
const resolve = { alias: [{ find: /^@site\/forms\//, replacement: `${import.meta.dirname}/forms/` }] }

export default defineConfig({
  test: {
    sequence: { sequencer: TimedSequencer },
    // With TEST_REPORT set, each file's seconds, tests and assertions (scripts/test-summary.ts).
    reporters: ['default', './tests/counting-reporter.ts'],
    maxWorkers: WORKERS,
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share its loaded modules (React, ajv, PGlite, the engine) instead
          // of loading them again for every file: measured side by side, with three workers, 167
          // against 238 s of CPU for the same 517 passing tests. No unit test mocks a module or
          // changes process-wide state (the environment, the working folder, globals); a test
          // that needs a module afresh says so itself (vi.resetModules).
          isolate: false,
          // One migrated database for the run, which the backend tests start theirs from.
          globalSetup: ['tests/unit/global-setup.ts'],
          setupFiles: ['tests/setup/count-assertions.ts'],
          // Several unit tests load, check or scaffold the whole bilingual site, or start a
          // PostgreSQL cluster: seconds on a quiet machine, several times that on a busy one.
          // A slow machine must not fail a correct build; speed is measured in npm run bench.
          testTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One site server per worker: each file talks to its worker's (tests/e2e/browser.ts).
          // The files of a worker share its loaded modules (playwright, the engine, the test
          // helpers), as the unit tests' do, instead of a new process importing them for each of
          // the 46 files: measured on 16 files in one worker, 30.3 against 45.6 s of CPU, the same
          // 223 tests passing. No browser test changes process-wide state it does not put back;
          // the photo site's builds get their priority and libvips threads as their own.
          isolate: false,
          globalSetup: ['tests/e2e/global-setup.ts', 'tests/e2e/editor-copies-setup.ts'],
          setupFiles: ['tests/setup/count-assertions.ts'],
          // A limit, not a speed check (speed is npm run bench's): on a 2-core machine shared with
          // other work, axe on every step of the application took over 60 s. Tests wait for the
          // thing itself; this only ends a test that is stuck.
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
})

// What the test runs write and read about themselves: each run's report of its files
// (tests/counting-reporter.ts writes it; scripts/test-summary.ts adds it up, `npm run test:report`
// makes bench/test-timings.json of it) and that file of timings, by which the runs order their files
// (tests/timed-sequencer.ts, scripts/test-quick.ts). Here, below the tests, the commands and the
// bench, which all read it.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type FileReport = {
  project: string
  file: string
  seconds: number
  passed: number
  failed: number
  skipped: number
  assertions: number
  /** Seconds and tests per top-level suite named after a browser engine. */
  engines: Record<string, { seconds: number; tests: number }>
}

export type FileTiming = { seconds: number; tests: number; assertions: number }
export type TestTimings = {
  measured: string
  note: string
  /** Per project (unit, e2e), per file (its path from the project's root). */
  files: Record<string, Record<string, FileTiming>>
  /** The journeys' seconds per engine (tests/e2e/journeys-in-three-engines.test.ts). */
  engines: Record<string, { seconds: number; tests: number }>
}

export const TIMINGS = 'bench/test-timings.json'

export function readTimings(root: string): TestTimings | undefined {
  const path = join(root, TIMINGS)
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as TestTimings) : undefined
}

/** The seconds a file is expected to take: as measured, or the median of its project's files. */
export function expectedSeconds(timings: TestTimings | undefined, project: string, file: string): number {
  const files = timings?.files[project] ?? {}
  if (files[file]) return files[file].seconds
  const all = Object.values(files)
    .map((f) => f.seconds)
    .sort((a, b) => a - b)
  return all.length ? all[Math.floor(all.length / 2)] : 1
}

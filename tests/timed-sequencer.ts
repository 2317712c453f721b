// Runs the longest test files first, by the seconds each took when last measured
// (bench/test-timings.json, written by `npm run test:report`): with two workers each taking the
// next file when it is free, the two end about together. A file not measured yet counts as the
// median file of its project, so a new one is neither left to the end nor run first.
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

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

export default class TimedSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const root = this.ctx.config.root
    const timings = readTimings(root)
    const seconds = (spec: TestSpecification) =>
      expectedSeconds(timings, spec.project.name, relative(root, spec.moduleId).split('\\').join('/'))
    return [...files].sort((a, b) =>
      a.project.name !== b.project.name ? (a.project.name < b.project.name ? -1 : 1) : seconds(b) - seconds(a),
    )
  }
}

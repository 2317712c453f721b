// Runs the longest test files first, by the seconds each took when last measured
// (bench/test-timings.json, written by `npm run test:report`): with two workers each taking the
// next file when it is free, the two end about together. A file not measured yet counts as the
// median file of its project, so a new one is neither left to the end nor run first.
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { expectedSeconds, readTimings } from '../scripts/test-reports.ts'

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

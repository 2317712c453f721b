/**
 * `npm run test:report`: the per-file timing of the last full `npm test` (the files
 * tests/counting-reporter.ts wrote in .cache/test-reports/), kept in bench/test-timings.json and
 * shown, longest first, in bench/report.md's section "Where the test suite's time goes". The
 * test runs order their files by it (tests/timed-sequencer.ts).
 *
 *   tsx bench/test-timings.ts [--note "what the figures say"] [--measured "when and where"] [report.json ...]
 *
 * --measured says when and on what machine the reports were made, when they come from another
 * run than the last one here (a fresh clone's, say): by default, now and this machine's load.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type FileReport, readTimings, type TestTimings, TIMINGS } from '../scripts/test-reports.ts'
import { ROOT } from './project.ts'
import { type BenchReport, renderReport } from './report.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { note: { type: 'string' }, measured: { type: 'string' } },
})
const dir = join(ROOT, '.cache/test-reports')
const paths = positionals.length
  ? positionals
  : existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => join(dir, f))
    : []
if (!paths.length) {
  console.error('No test reports: run npm test (it writes .cache/test-reports/) first.')
  process.exit(1)
}

const round = (n: number) => Math.round(n * 10) / 10
const previous = readTimings(ROOT)
const timings: TestTimings = {
  measured:
    values.measured ??
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} × ${cpus()[0]?.model.trim()}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} when written`,
  note: values.note ?? previous?.note ?? '',
  files: {},
  engines: {},
}
for (const path of paths) {
  for (const f of (JSON.parse(readFileSync(path, 'utf8')) as { files: FileReport[] }).files) {
    timings.files[f.project] ??= {}
    timings.files[f.project][f.file] = { seconds: round(f.seconds), tests: f.passed, assertions: f.assertions }
    for (const [engine, e] of Object.entries(f.engines)) {
      timings.engines[engine] ??= { seconds: 0, tests: 0 }
      timings.engines[engine].seconds = round(timings.engines[engine].seconds + e.seconds)
      timings.engines[engine].tests += e.tests
    }
  }
}
writeFileSync(join(ROOT, TIMINGS), `${JSON.stringify(timings, null, 2)}\n`)

// bench/report.md is rendered from bench/report.json: the timings are one more part of it.
const report = JSON.parse(readFileSync(join(ROOT, 'bench/report.json'), 'utf8')) as BenchReport
writeFileSync(join(ROOT, 'bench/report.md'), renderReport({ ...report, tests: timings }))
console.log(`Wrote ${TIMINGS} and bench/report.md's test section (${paths.length} reports).`)

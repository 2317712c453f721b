/**
 * The end of `npm test`: adds up what the runs wrote (tests/counting-reporter.ts, one file a run)
 * and holds it against tests/test-counts.json. Fewer tests or fewer assertions than that file says
 * fail the run: a test removed or weakened must be owned up to by lowering the counts there, with
 * the reason, in the same change (`--accept "why"` writes the counts of this run and the reason).
 * The last line is the runner's closing one: "N passed, N failed".
 *
 *   tsx scripts/test-summary.ts [--accept "why"] .cache/test-reports/unit.json .cache/test-reports/e2e.json
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { FileReport } from './test-reports.ts'

export type Counts = Record<string, { files: number; tests: number; assertions: number }>
type Baseline = { why: string; counts: Record<string, Partial<Counts[string]>> }

const BASELINE = 'tests/test-counts.json'
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { accept: { type: 'string' } },
})

const files: FileReport[] = positionals.flatMap((path) =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { files: FileReport[] }).files : [],
)
const counts: Counts = {}
let passed = 0
let failed = 0
let skipped = 0
for (const f of files) {
  counts[f.project] ??= { files: 0, tests: 0, assertions: 0 }
  counts[f.project].files++
  counts[f.project].tests += f.passed
  counts[f.project].assertions += f.assertions
  passed += f.passed
  failed += f.failed
  skipped += f.skipped
}

console.log('\n== tests and assertions')
for (const [project, c] of Object.entries(counts))
  console.log(`${project}: ${c.files} files, ${c.tests} tests passed, ${c.assertions} assertions`)

let dropped = false
if (values.accept !== undefined) {
  writeFileSync(BASELINE, `${JSON.stringify({ why: values.accept, counts } satisfies Baseline, null, 2)}\n`)
  console.log(`Wrote ${BASELINE}: ${values.accept}`)
} else if (existsSync(BASELINE)) {
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline
  for (const [project, now] of Object.entries(counts)) {
    const before: Partial<Counts[string]> = baseline.counts[project] ?? {}
    for (const what of ['tests', 'assertions'] as const) {
      if (before[what] === undefined)
        console.log(`${project}: no count of ${what} kept in ${BASELINE} yet (--accept "why" keeps this run's).`)
      else if (now[what] < before[what]) {
        dropped = true
        console.error(
          `${project}: ${now[what]} ${what}, fewer than the ${before[what]} of ${BASELINE}. ` +
            'A check removed or skipped: if that is meant, lower the count there and say why ' +
            '(tsx scripts/test-summary.ts --accept "why" <reports> writes this run\'s counts).',
        )
      } else if (now[what] > before[what])
        console.log(`${project}: ${now[what]} ${what}, more than ${BASELINE}'s ${before[what]} (raise it there).`)
    }
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exitCode = failed || dropped ? 1 : 0

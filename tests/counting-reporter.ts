// A vitest reporter that writes, when TEST_REPORT names a file, what each test file ran: its
// seconds (import, set-up hooks and tests), its tests passed, failed and skipped, the assertions
// they made (tests/setup/count-assertions.ts) and, for a file whose top-level suites are the
// browser engines, the seconds per engine. scripts/test-summary.ts adds them up and holds them
// against tests/test-counts.json; `npm run test:report` makes bench/test-timings.json of them.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import type { Reporter, TestCase, TestModule } from 'vitest/node'
import type { FileReport } from '../scripts/test-reports.ts'

declare module 'vitest' {
  interface TaskMeta {
    /** How many assertions the test made (tests/setup/count-assertions.ts). */
    assertions?: number
  }
}

const ENGINES = new Set(['chromium', 'firefox', 'webkit'])

export default class CountingReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const target = process.env.TEST_REPORT
    if (!target) return
    const files = modules.map((module) => report(module))
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, `${JSON.stringify({ files }, null, 1)}\n`)
  }
}

function report(module: TestModule): FileReport {
  const d = module.diagnostic()
  const tests = [...module.children.allTests()]
  const state = (t: TestCase) => t.result().state
  const engines: FileReport['engines'] = {}
  for (const test of tests) {
    let suite = test.parent
    while (suite.type === 'suite' && suite.parent.type === 'suite') suite = suite.parent
    if (suite.type !== 'suite' || !ENGINES.has(suite.name)) continue
    engines[suite.name] ??= { seconds: 0, tests: 0 }
    engines[suite.name].seconds += (test.diagnostic()?.duration ?? 0) / 1000
    if (state(test) === 'passed') engines[suite.name].tests++
  }
  return {
    project: module.project.name,
    file: relative(module.project.config.root, module.moduleId).split('\\').join('/'),
    seconds: (d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000,
    passed: tests.filter((t) => state(t) === 'passed').length,
    failed:
      tests.filter((t) => state(t) === 'failed').length +
      (module.ok() || tests.some((t) => state(t) === 'failed') ? 0 : 1),
    skipped: tests.filter((t) => state(t) === 'skipped' || state(t) === 'pending').length,
    assertions: tests.reduce((sum, t) => sum + (t.meta().assertions ?? 0), 0),
    engines,
  }
}

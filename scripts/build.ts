// npm run build: the site built into dist/ (src/build/index.ts), its one-line summary printed.
// `-- --report FILE` also writes what the build did (its BuildReport) to FILE as JSON.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { BuildFailure, buildSite, summaryLine } from '../src/build'

const { values } = parseArgs({ options: { report: { type: 'string' } } })
const root = process.cwd()
try {
  const report = await buildSite({
    root,
    // BUILD_OUT_DIR: another folder than dist/ (a test builds the site against a backend on another origin).
    outDir: resolve(root, process.env.BUILD_OUT_DIR || 'dist'),
    // BUILD_CACHE_DIR: where what need not be made again is kept between builds (default .cache/).
    cacheDir: resolve(root, process.env.BUILD_CACHE_DIR || '.cache'),
    // DEBUG_BUILD=1 (or NODE_ENV=development) keeps React's development build, whose hydration
    // errors say what differs; any other NODE_ENV (a test runner's "test") gives the production build.
    debug: process.env.DEBUG_BUILD === '1' || process.env.NODE_ENV === 'development',
  })
  console.log(summaryLine(report))
  if (values.report) writeFileSync(values.report, JSON.stringify(report, null, 2))
} catch (error) {
  if (!(error instanceof BuildFailure)) throw error
  console.error(error.message)
  process.exitCode = 1
}

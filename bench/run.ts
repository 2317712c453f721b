/**
 * `npm run bench`: Lighthouse on every route, the build at 1,000 extra pages, the dev loop and
 * the backend's figures, written to bench/report.md (summary first) and bench/report.json.
 *
 *   tsx bench/run.ts                          everything (≈ 12-15 minutes)
 *   tsx bench/run.ts --only lighthouse,dev    some parts (lighthouse, scale, dev, backend); the others are
 *                                             carried over from the previous bench/report.json
 *   tsx bench/run.ts --reuse-backend          read bench/backend.json instead of running bench/backend.ts
 *   tsx bench/run.ts --routes /,/contact-us   Lighthouse on these routes only
 *   tsx bench/run.ts --only versus --runs 3   every route as built, without scripts and as a client-rendered
 *                                             SPA, side by side (bench/versus.ts)
 *   tsx bench/run.ts --only photos            a page with a hero photo and six card photos next to itself without
 *                                             scripts, its image audits, and what a 375 px phone downloads (bench/photos.ts);
 *                                             side by side as the median of --photo-runs runs (default 5)
 *   tsx bench/run.ts --only interaction       the first interaction with each form at 4× CPU: focus to
 *                                             hydrated, and the first keystroke's INP (bench/first-interaction.ts)
 *   tsx bench/run.ts --only editor            the page editor: a keystroke to its preview, median of 20 (bench/editor.ts)
 *
 * The parts run one after another (they would slow each other down) in a temporary copy of the
 * project. A part that fails is reported and the others still run; the exit code is then 1.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { readTimings } from '../scripts/test-reports.ts'
import { backendFigures } from './backend-figures.ts'
import { runDevLoop } from './dev-loop.ts'
import { runEditor } from './editor.ts'
import { runFirstInteraction } from './first-interaction.ts'
import { noindexRoutes, runLighthouse } from './lighthouse.ts'
import { runPhotos } from './photos.ts'
import { buildIn, copyProject, type ProjectCopy, ROOT, round, routesOf, serveDist } from './project.ts'
import { BEFORE_AFTER_HOME_JS, type BenchReport, renderReport } from './report.ts'
import { measureBuild, runScale } from './scale.ts'
import { routeKinds, runVersus, VARIANTS } from './versus.ts'

const PARTS = ['lighthouse', 'versus', 'photos', 'interaction', 'scale', 'dev', 'editor', 'backend'] as const
type Part = (typeof PARTS)[number]

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    'reuse-backend': { type: 'boolean', default: false },
    routes: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'photo-runs': { type: 'string', default: '5' },
    port: { type: 'string', default: '4392' },
    'dev-port': { type: 'string', default: '4393' },
  },
})
const parts: Part[] = args.only ? args.only.split(',').map((p) => p.trim() as Part) : [...PARTS]
for (const p of parts) if (!PARTS.includes(p)) throw new Error(`unknown part "${p}"; parts: ${PARTS.join(', ')}`)

const report: BenchReport = {
  date: new Date().toISOString(),
  node: process.version,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? '?',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    loadAverageAtStart: loadavg().map((l) => round(l, 2)),
  },
  parts,
  carriedOver: [],
  seconds: {},
  failures: [],
  beforeAfter: { homeJsGzip: { ...BEFORE_AFTER_HOME_JS } },
}

const log = (text: string) => console.log(text)

// With --only, the parts not run are carried over from the previous report.json.
const REPORT_JSON = join(ROOT, 'bench/report.json')
if (args.only && existsSync(REPORT_JSON)) {
  const previous = JSON.parse(readFileSync(REPORT_JSON, 'utf8')) as BenchReport
  const carry = (part: string, copy: () => void, present: boolean) => {
    if (!present) return
    copy()
    report.carriedOver.push({ part, date: previous.carriedOver?.find((c) => c.part === part)?.date ?? previous.date })
  }
  if (!parts.includes('lighthouse'))
    carry('lighthouse', () => (report.lighthouse = previous.lighthouse), !!previous.lighthouse)
  if (!parts.includes('lighthouse') && !parts.includes('scale')) {
    carry(
      'build',
      () => {
        report.normalBuild = previous.normalBuild
        report.beforeAfter.homeJsGzip.now = previous.normalBuild?.home.jsGzip
      },
      !!previous.normalBuild,
    )
  }
  if (!parts.includes('versus')) carry('versus', () => (report.versus = previous.versus), !!previous.versus)
  if (!parts.includes('photos')) carry('photos', () => (report.photos = previous.photos), !!previous.photos)
  if (!parts.includes('interaction'))
    carry('interaction', () => (report.firstInteraction = previous.firstInteraction), !!previous.firstInteraction)
  if (!parts.includes('scale')) carry('scale', () => (report.scale = previous.scale), !!previous.scale)
  if (!parts.includes('dev')) carry('dev loop', () => (report.devLoop = previous.devLoop), !!previous.devLoop)
  if (!parts.includes('editor')) carry('editor', () => (report.editor = previous.editor), !!previous.editor)
  if (!parts.includes('backend')) carry('backend', () => (report.backend = previous.backend), !!previous.backend)
}

/** Runs one part, timing it; a failure is recorded and does not stop the others. */
async function part<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
  log(`\n== ${name}`)
  const started = performance.now()
  try {
    return await work()
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
    console.error(`${name} failed: ${message}`)
    report.failures.push({ part: name, error: error instanceof Error ? error.message : String(error) })
    return undefined
  } finally {
    report.seconds[name] = round((performance.now() - started) / 1000)
    log(`   (${report.seconds[name]} s)`)
  }
}

function write() {
  writeFileSync(join(ROOT, 'bench/report.json'), `${JSON.stringify(report, null, 2)}\n`)
  // The test suite's timing is measured by npm test (npm run test:report), not here: shown as kept.
  writeFileSync(join(ROOT, 'bench/report.md'), renderReport({ ...report, tests: readTimings(ROOT) }))
}

let copy: ProjectCopy | undefined
const stopOnSignal = () => {
  copy?.remove()
  process.exit(130)
}
process.once('SIGINT', stopOnSignal)
process.once('SIGTERM', stopOnSignal)

try {
  if (parts.some((p) => p !== 'backend')) {
    copy = copyProject('site')
    log(`Project copied to ${copy.dir}`)
  }
  const dir = copy?.dir

  if (dir && (['lighthouse', 'versus', 'interaction', 'scale'] as Part[]).some((p) => parts.includes(p))) {
    await part('build', async () => {
      const build = await buildIn(dir)
      report.normalBuild = measureBuild(dir, build)
      report.beforeAfter.homeJsGzip.now = report.normalBuild.home.jsGzip
      log(
        `   ${build.pages} pages in ${build.buildMs} ms (${build.msPerPage} ms per page); home JS ${report.normalBuild.home.jsGzip} B gzip, CSS ${report.normalBuild.home.cssGzip} B gzip`,
      )
    })
  }

  if (dir && parts.includes('lighthouse') && report.normalBuild) {
    report.lighthouse = await part('lighthouse', async () => {
      const routes = args.routes ? args.routes.split(',') : routesOf(join(dir, 'dist'))
      log(`   ${routes.length} routes`)
      const server = await serveDist(dir, Number(args.port))
      try {
        return await runLighthouse(server.url, routes, noindexRoutes(join(dir, 'dist'), routes), log)
      } finally {
        await server.stop()
      }
    })
    write()
  }

  if (dir && parts.includes('versus') && report.normalBuild) {
    report.versus = await part('versus', async () => {
      const routes = args.routes ? args.routes.split(',') : routeKinds(routesOf(join(dir, 'dist')))
      log(`   ${routes.length} routes × ${VARIANTS.length} variants × ${args.runs} runs`)
      return runVersus({
        dist: join(dir, 'dist'),
        work: join(dir, 'bench/tmp/versus'),
        routes,
        runs: Number(args.runs),
        port: Number(args.port) + 10,
        log,
      })
    })
    write()
  }

  if (parts.includes('photos')) {
    report.photos = await part('photos', () =>
      runPhotos({ runs: Number(args['photo-runs']), port: Number(args.port) + 30, log }),
    )
    write()
  }

  if (dir && parts.includes('interaction') && report.normalBuild) {
    report.firstInteraction = await part('interaction', () =>
      runFirstInteraction({
        dist: join(dir, 'dist'),
        work: join(dir, 'bench/tmp/interaction'),
        runs: Math.max(5, Number(args.runs)),
        port: Number(args.port) + 20,
        log,
      }),
    )
    write()
  }

  if (dir && parts.includes('dev')) {
    report.devLoop = await part('dev loop', () => runDevLoop(dir, Number(args['dev-port']), log))
    write()
  }

  if (dir && parts.includes('editor')) {
    report.editor = await part('editor', () => runEditor(dir, Number(args['dev-port']), log))
    write()
  }

  if (dir && parts.includes('scale') && report.normalBuild) {
    const normal = report.normalBuild
    const port = Number(args['dev-port'])
    report.scale = await part('scale', () =>
      runScale(dir, normal, log, {
        workflow: { normalPorts: { dev: port, editor: port + 1 }, scaledPorts: { dev: port + 2, editor: port + 3 } },
      }),
    )
    write()
  }

  if (parts.includes('backend')) {
    report.backend = await part('backend', () => backendFigures(args['reuse-backend'], log))
  }
} finally {
  copy?.remove()
}

write()
const markdown = renderReport(report)
const summary = markdown.slice(markdown.indexOf('## Summary'), markdown.indexOf('## Before/after'))
log(`\n${summary.trim()}\n\nWrote bench/report.md and bench/report.json.`)
if (report.failures.length) {
  console.error(`Failed: ${report.failures.map((f) => f.part).join(', ')}`)
  process.exitCode = 1
}

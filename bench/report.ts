/**
 * bench/report.md (summary table first, then the details) from the raw figures, which go to
 * bench/report.json unchanged.
 */

import type { TestTimings } from '../scripts/test-reports.ts'
import type { BackendResult } from './backend-figures.ts'
import type { PageBytes } from './bytes.ts'
import type { DevLoopResult } from './dev-loop.ts'
import type { EditorResult } from './editor.ts'
import { type FirstInteractionResult, firstInteractionTable } from './first-interaction.ts'
import { CATEGORIES, type Category, type Finding, type LighthouseResult } from './lighthouse.ts'
import { type PhotosResult, photosSection } from './photos.ts'
import { type BuildResult, median } from './project.ts'
import type { ScaleBuild, ScaleResult, ScaleWorkflow, Workflow } from './scale.ts'
import { type VersusResult, versusTable } from './versus.ts'

export type BenchReport = {
  date: string
  node: string
  machine: { cpus: number; cpuModel: string; memoryGb: number; loadAverageAtStart: number[] }
  parts: string[]
  /** Parts not run this time, taken from the previous report.json (with the date they ran). */
  carriedOver: { part: string; date: string }[]
  seconds: Record<string, number>
  failures: { part: string; error: string }[]
  normalBuild?: ScaleBuild
  lighthouse?: LighthouseResult
  versus?: VersusResult
  photos?: PhotosResult
  firstInteraction?: FirstInteractionResult
  scale?: ScaleResult
  devLoop?: DevLoopResult
  editor?: EditorResult
  backend?: BackendResult
  /** The test suite's per-file timing (bench/test-timings.json, written by npm run test:report). */
  tests?: TestTimings
  beforeAfter: BeforeAfter
}

export type BeforeAfter = {
  homeJsGzip: {
    /** Measured by the lead before the layout stopped using Mantine (commit bf35e98). */
    withMantineLayout: number
    /** Measured by the lead right after that commit. */
    withoutMantineLayout: number
    now?: number
  }
}

export const BEFORE_AFTER_HOME_JS = { withMantineLayout: 160_789, withoutMantineLayout: 115_730 }

const GOAL: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }
const LABEL: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
}
const JS_BUDGET = 120 * 1024
const CSS_BUDGET = 25 * 1024

const n = (value: number) => value.toLocaleString('en-US')
const bytes = (value: number) => `${n(value)} B (${(value / 1024).toFixed(1)} KiB)`
const mb = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MiB`
const ms = (value: number | null) => (value === null || !Number.isFinite(value) ? '—' : `${n(Math.round(value))} ms`)
const ok = (pass: boolean) => (pass ? 'ok' : '**no**')
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

export function renderReport(r: BenchReport): string {
  const out: string[] = []
  const line = (text = '') => out.push(text)
  line('# Benchmarks')
  line()
  line(
    `Written by \`npm run bench\` on ${r.date.slice(0, 16).replace('T', ' ')} UTC: Node ${r.node}, ${r.lighthouse?.chromium ?? 'Chromium'}, ` +
      `${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GB, load average ${r.machine.loadAverageAtStart.map((l) => l.toFixed(1)).join(' / ')} at the start. ` +
      `Raw figures: [report.json](report.json).`,
  )
  if (r.carriedOver?.length) {
    line()
    line(
      `Carried over from earlier runs: ${r.carriedOver.map((c) => `${c.part} (${c.date.slice(0, 16).replace('T', ' ')} UTC)`).join(', ')}.`,
    )
  }
  if (r.failures.length) {
    line()
    line('**Parts that failed:**')
    for (const f of r.failures) line(`- ${f.part}: \`${cell(f.error.split('\n')[0])}\``)
  }
  line()
  summary(r, line)
  const load = r.lighthouse?.loadAverage
  if (load && Math.max(load.atStart[0], load.atEnd[0]) > load.cpus) {
    line()
    line(
      `> **The machine was busy during Lighthouse** (1-minute load average ${load.atStart[0]} at the start, ${load.atEnd[0]} at the end, on ${load.cpus} CPUs): ` +
        'Lighthouse multiplies the main-thread time it observes by its 4x CPU slowdown, so TBT and Performance come out worse than on an idle machine. ' +
        'Run `tsx bench/run.ts --only lighthouse` again when nothing else runs.',
    )
  }
  line()
  beforeAfter(r, line)
  if (r.versus) {
    line('## Every route next to the same page without scripts (limit) and as a client-rendered SPA')
    line()
    for (const row of versusTable(r.versus)) line(row)
    line()
  }
  if (r.photos) {
    line('## A page of photographs next to the same page without scripts')
    line()
    for (const row of photosSection(r.photos)) line(row)
    line()
  }
  if (r.firstInteraction) {
    line('## The first interaction with a form')
    line()
    for (const row of firstInteractionTable(r.firstInteraction)) line(row)
    line()
  }
  if (r.lighthouse) lighthouseDetails(r.lighthouse, line)
  if (r.normalBuild) homeBytes(r.normalBuild.home, line)
  if (r.scale) scaleDetails(r.scale, line)
  else if (r.normalBuild) buildOnly(r.normalBuild, line)
  if (r.devLoop) devLoopDetails(r.devLoop, line)
  if (r.editor) editorDetails(r.editor, line)
  if (r.backend) backendDetails(r.backend, line)
  if (r.tests) testTimings(r.tests, line)
  method(r, line)
  return `${out.join('\n')}\n`
}

type Line = (text?: string) => void

function summary(r: BenchReport, line: Line) {
  line('## Summary')
  line()
  line('| measure | result | goal | met |')
  line('|---|---|---|---|')
  const lh = r.lighthouse
  if (lh) {
    for (const c of CATEGORIES) {
      const worst = lh.worst[c]
      const below = lh.routes.filter((route) => route.scores[c] < GOAL[c])
      // noindex pages fail SEO's is-crawlable by design: SEO is judged on the indexable routes.
      const judged = c === 'seo' ? lh.routes.filter((route) => !route.noindex) : lh.routes
      const worstJudged = judged.reduce((a, b) => (b.scores[c] < a.scores[c] ? b : a), judged[0])
      const belowText = below.length ? `; ${below.length} of ${lh.routes.length} routes below goal` : ''
      const noindexText =
        c === 'seo' && worstJudged !== undefined && worstJudged.route !== worst.route
          ? `; **${worstJudged.scores[c]}** (\`${worstJudged.route}\`) among indexable routes (${lh.routes.length - judged.length} noindex routes fail \`is-crawlable\` by design)`
          : ''
      line(
        `| Lighthouse ${LABEL[c]}, worst route | ${worst.score} (\`${worst.route}\`${lh.routes.find((x) => x.route === worst.route)?.noindex ? ', noindex' : ''})${noindexText}${belowText} | ${GOAL[c] === 100 ? '100' : `≥ ${GOAL[c]}`} on every route${c === 'seo' ? ' (indexable)' : ''} | ${ok((worstJudged?.scores[c] ?? 0) >= GOAL[c])} |`,
      )
    }
    const measured = lh.routes.filter((route) => !route.runtimeError)
    const unmeasured = lh.routes.filter((route) => route.runtimeError)
    if (unmeasured.length)
      line(
        `| Lighthouse could not measure | ${unmeasured.map((route) => `\`${route.route}\` (${cell(route.runtimeError!)})`).join(', ')} | every route measured | **no** |`,
      )
    const worstMetric = (key: 'lcpMs' | 'tbtMs' | 'cls') =>
      measured.reduce((a, b) => (b.metrics[key] > a.metrics[key] ? b : a))
    const lcp = worstMetric('lcpMs')
    const tbt = worstMetric('tbtMs')
    const cls = worstMetric('cls')
    line(
      `| Worst LCP / TBT / CLS (mobile) | ${ms(lcp.metrics.lcpMs)} (\`${lcp.route}\`) / ${ms(tbt.metrics.tbtMs)} (\`${tbt.route}\`) / ${cls.metrics.cls} (\`${cls.route}\`) | ≤ 2,500 ms / ≤ 200 ms / ≤ 0.1 | ${ok(lcp.metrics.lcpMs <= 2500 && tbt.metrics.tbtMs <= 200 && cls.metrics.cls <= 0.1)} |`,
    )
  }
  const home = r.normalBuild?.home
  if (home) {
    line(
      `| Home JavaScript before interaction (gzip) | ${bytes(home.jsGzip)} in ${home.js.length} file${home.js.length === 1 ? '' : 's'} | < 120 KiB | ${ok(home.jsGzip < JS_BUDGET)} |`,
    )
    line(`| Home CSS (gzip) | ${bytes(home.cssGzip)} | < 25 KiB | ${ok(home.cssGzip < CSS_BUDGET)} |`)
  }
  if (r.normalBuild)
    line(
      `| Build, ${r.normalBuild.pages} pages | ${ms(r.normalBuild.buildMs)} = **${r.normalBuild.msPerPage} ms per page** | | |`,
    )
  const s = r.scale
  if (s) {
    const marginal = (s.scaled.buildMs - s.normal.buildMs) / (s.scaled.pages - s.normal.pages)
    line(
      `| Build, ${n(s.scaled.pages)} pages (+${n(s.extraPages)} generated) | ${ms(s.scaled.buildMs)} = **${s.scaled.msPerPage} ms per page** (each extra page adds ${marginal.toFixed(1)} ms); dist/ ${mb(s.scaled.distBytes)} (${mb(s.normal.distBytes)} at ${s.normal.pages}) | | |`,
    )
    line(
      `| Home JS / CSS gzip at ${n(s.scaled.pages)} vs ${s.normal.pages} pages | ${n(s.scaled.home.jsGzip)} vs ${n(s.normal.home.jsGzip)} B / ${n(s.scaled.home.cssGzip)} vs ${n(s.normal.home.cssGzip)} B | no growth with the page count (each generated page has a short address: ${n(s.extraPages)} redirects) | ${ok(s.homeBytesFlat)} |`,
    )
  }
  const d = r.devLoop
  if (d)
    line(
      `| Dev loop: YAML saved → page updated | median ${ms(d.medianMs)}, max ${ms(d.maxMs)} over ${d.samplesMs.length} edits, ${d.reloads} reloads | no reload | ${ok(d.reloads === 0)} |`,
    )
  const b = r.backend
  if (b) {
    line(
      `| Backend: 50 clients, ${n(b.load.requests)} submissions | ${b.load.requestsPerSecond} req/s; p50 ${ms(b.load.latencyMs.p50)}, p95 ${ms(b.load.latencyMs.p95)}, p99 ${ms(b.load.latencyMs.p99)} | | |`,
    )
    line(
      `| Backend: lost / duplicated / acknowledged but lost to SIGKILL | ${b.load.lost} / ${b.load.duplicated} / ${b.crash.ackedMissingAfterRestart} of ${b.crash.ackedBeforeKill} | 0 / 0 / 0 | ${ok(b.ok)} |`,
    )
    const nt = b.notifications
    if (nt)
      line(
        `| Notifications, receiver failing ${nt.receiverFailureRate * 100} %: delivered / dead / duplicates by key | ${n(nt.delivered)} of ${n(nt.submissions)} / ${nt.dead} / ${nt.receiver.duplicatesByKey} | all / 0 / 0 | ${ok(nt.delivered === nt.submissions && nt.dead === 0 && nt.receiver.duplicatesByKey === 0)} |`,
      )
  }
}

function beforeAfter(r: BenchReport, line: Line) {
  const js = r.beforeAfter.homeJsGzip
  line('## Before/after')
  line()
  line('Home page JavaScript loaded before interaction, gzip:')
  line()
  line('| when | bytes | change |')
  line('|---|---|---|')
  line(`| Layout on Mantine (before bf35e98), measured by the lead | ${n(js.withMantineLayout)} | |`)
  line(
    `| Layout without Mantine (bf35e98), measured by the lead | ${n(js.withoutMantineLayout)} | ${pct(js.withoutMantineLayout, js.withMantineLayout)} |`,
  )
  if (js.now !== undefined)
    line(
      `| Now (this run) | ${n(js.now)} | ${pct(js.now, js.withMantineLayout)} vs Mantine layout, ${pct(js.now, js.withoutMantineLayout)} vs bf35e98 |`,
    )
  line()
  line('_Further before/after figures (Lighthouse scores, CSS, LCP) go here as the speed work lands._')
  line()
}

const pct = (now: number, before: number) =>
  `${now >= before ? '+' : ''}${(((now - before) / before) * 100).toFixed(1)}%`

function lighthouseDetails(lh: LighthouseResult, line: Line) {
  line(`## Lighthouse, ${lh.routes.length} routes`)
  line()
  line(
    `Lighthouse ${lh.lighthouseVersion}, ${lh.config}; ${lh.chromium}, benchmark index ${lh.benchmarkIndex ?? '?'}; ${lh.seconds} s in all.`,
  )
  line()
  const withLoad = lh.routes.some((r) => r.loadAverage !== undefined)
  line(`| route | Perf | A11y | BP | SEO | LCP | TBT | CLS | FCP | Speed Index |${withLoad ? ' load |' : ''}`)
  line(`|---|---|---|---|---|---|---|---|---|---|${withLoad ? '---|' : ''}`)
  const score = (c: Category, v: number) => (v < GOAL[c] ? `**${v}**` : String(v))
  for (const r of lh.routes) {
    line(
      `| \`${r.route}\`${r.noindex ? ' (noindex)' : ''}${r.attempts && r.attempts > 1 ? ` (${r.attempts} runs)` : ''} | ${CATEGORIES.map((c) => score(c, r.scores[c])).join(' | ')} | ${ms(r.metrics.lcpMs)} | ${ms(r.metrics.tbtMs)} | ${r.metrics.cls} | ${ms(r.metrics.fcpMs)} | ${ms(r.metrics.speedIndexMs)} |${withLoad ? ` ${r.loadAverage ?? '—'} |` : ''}` +
        (r.runtimeError ? ` error: ${cell(r.runtimeError)}` : ''),
    )
  }
  line()
  line(
    `Bold: below the goal (Performance ≥ 95, the others 100).${withLoad ? ` Load: the machine's 1-minute load average when the route was measured (${lh.loadAverage?.cpus ?? '?'} CPUs); TBT rises with it.` : ''}`,
  )
  line()
  line('### What costs points')
  line()
  let any = false
  for (const c of CATEGORIES) {
    const failing = aggregate(lh, c)
    if (!failing.length) continue
    any = true
    line(
      `**${LABEL[c]}**${c === 'performance' ? ' (metrics below their top score, then the audits with the largest estimated savings)' : ''}:`,
    )
    line()
    for (const f of failing.slice(0, c === 'performance' ? 12 : 20)) {
      const where =
        f.routes.length === lh.routes.length
          ? `all ${f.routes.length} routes`
          : `${f.routes.length} route${f.routes.length === 1 ? '' : 's'}: ${f.routes
              .slice(0, 6)
              .map((x) => `\`${x}\``)
              .join(', ')}${f.routes.length > 6 ? ', …' : ''}`
      const savings = [
        f.maxSavingsMs ? `up to ${ms(f.maxSavingsMs)}` : '',
        f.maxSavingsBytes ? `up to ${bytes(f.maxSavingsBytes)}` : '',
      ]
        .filter(Boolean)
        .join(', ')
      const value =
        f.weight > 0 && c === 'performance'
          ? ` (${f.values.slice(0, 1).join('')} at worst; weight ${f.weight})`
          : savings
            ? ` (${savings})`
            : ''
      const byDesign =
        f.id === 'is-crawlable' && f.routes.every((route) => lh.routes.find((x) => x.route === route)?.noindex)
          ? ' (noindex pages: by design)'
          : ''
      line(`- ${cell(f.title)} \`${f.id}\`${value} — ${where}${byDesign}`)
      if (f.items.length)
        line(
          `  - ${f.items
            .slice(0, 4)
            .map((i) => `\`${cell(i)}\``)
            .join(', ')}`,
        )
    }
    line()
  }
  if (!any) line('Nothing: every route has 100 in every category.\n')
}

type Aggregated = {
  id: string
  title: string
  weight: number
  routes: string[]
  items: string[]
  values: string[]
  maxSavingsMs: number
  maxSavingsBytes: number
}

function aggregate(lh: LighthouseResult, category: Category): Aggregated[] {
  const byId = new Map<string, Aggregated>()
  const add = (route: string, f: Finding) => {
    const a = byId.get(f.id) ?? {
      id: f.id,
      title: f.title,
      weight: f.weight,
      routes: [],
      items: [],
      values: [],
      maxSavingsMs: 0,
      maxSavingsBytes: 0,
    }
    a.routes.push(route)
    // The same file from several routes: once, with the first route's figure.
    const key = (item: string) => item.replace(/ \(\d+ (?:B|ms scripting)\)$| \d+ ms$/, '')
    for (const item of f.items ?? []) if (!a.items.some((known) => key(known) === key(item))) a.items.push(item)
    if (f.displayValue) a.values.push(f.displayValue)
    a.maxSavingsMs = Math.max(a.maxSavingsMs, f.savingsMs ?? 0)
    a.maxSavingsBytes = Math.max(a.maxSavingsBytes, f.savingsBytes ?? 0)
    byId.set(f.id, a)
  }
  for (const r of lh.routes) for (const f of r.findings[category] ?? []) add(r.route, f)
  const list = [...byId.values()]
  if (category === 'performance') {
    // Metric audits: the worst value first.
    const metrics = list.filter((a) => a.weight > 0).sort((a, b) => b.weight - a.weight)
    const worstOf = (id: string) => {
      const values = lh.routes
        .map((r) => r.findings.performance?.find((f) => f.id === id))
        .filter((f): f is Finding => !!f && f.score !== null)
      return values.sort((a, b) => a.score! - b.score!).map((f) => f.displayValue ?? '')
    }
    for (const m of metrics) m.values = worstOf(m.id)
    const rest = list
      .filter((a) => a.weight === 0)
      .sort(
        (a, b) =>
          b.maxSavingsMs - a.maxSavingsMs || b.maxSavingsBytes - a.maxSavingsBytes || b.routes.length - a.routes.length,
      )
    return [...metrics, ...rest.filter((a) => a.maxSavingsMs > 0 || a.maxSavingsBytes > 0)]
  }
  return list.sort((a, b) => b.weight - a.weight || b.routes.length - a.routes.length)
}

function homeBytes(home: PageBytes, line: Line) {
  line('## Home page bytes')
  line()
  line(
    'What `dist/index.html` loads before any interaction: its scripts and module preloads with everything they import statically (chunks behind `import()` load on demand and are not counted), and its stylesheets. gzip level 9.',
  )
  line()
  line('| file | raw | gzip |')
  line('|---|---|---|')
  for (const f of [...home.js, ...home.css]) line(`| \`${f.file}\` | ${n(f.raw)} | ${n(f.gzip)} |`)
  line(`| **JavaScript** | ${n(home.jsRaw)} | **${n(home.jsGzip)}** |`)
  line(`| **CSS** | ${n(home.cssRaw)} | **${n(home.cssGzip)}** |`)
  line()
}

function buildRow(label: string, get: (b: ScaleBuild) => string, a: ScaleBuild, b?: ScaleBuild) {
  return `| ${label} | ${get(a)} |${b ? ` ${get(b)} |` : ''}`
}

function scaleDetails(s: ScaleResult, line: Line) {
  line(`## Scale: ${n(s.extraPages)} extra city pages`)
  line()
  line(
    `Generated from \`pages/miami-security-services.yaml\` into a copy of the project, each with its own file, city, title, description and h1. ` +
      'The build refuses pages no link leads to, so the Florida page gets one more city list naming 20 of them and each city page lists 20 more (a link tree three levels deep).',
  )
  line()
  buildTable(line, s.normal, s.scaled)
  line()
  if (s.workflow) workflowTable(s.workflow, line)
  const extra = s.scaled.pages - s.normal.pages
  line(
    `Each extra page adds ${((s.scaled.buildMs - s.normal.buildMs) / extra).toFixed(1)} ms of build time and ${n(Math.round((s.scaled.distBytes - s.normal.distBytes) / extra))} B of dist/ ` +
      `(${n(Math.round((s.scaled.distOriginalBytes - s.normal.distOriginalBytes) / extra))} B without the .br/.gz copies).`,
  )
  line()
  line(
    s.homeBytesFlat
      ? `**Verdict: the home page's JavaScript and CSS do not grow with the page count** (JS ${s.homeJsGrowthBytes >= 0 ? '+' : ''}${n(s.homeJsGrowthBytes)} B, CSS ${s.homeCssGrowthBytes >= 0 ? '+' : ''}${n(s.homeCssGrowthBytes)} B with ${n(s.extraPages)} more pages).`
      : `**Verdict: the home page's bytes grow with the page count**: JS ${n(s.homeJsGrowthBytes)} B, CSS ${n(s.homeCssGrowthBytes)} B more with ${n(s.extraPages)} more pages ` +
          `(at ${s.normal.pages} pages: ${s.normal.home.js.map((f) => `\`${f.file}\` ${n(f.gzip)}`).join(', ')}; at ${n(s.scaled.pages)}: ${s.scaled.home.js.map((f) => `\`${f.file}\` ${n(f.gzip)}`).join(', ')}).`,
  )
  line()
}

/** What a marketer waits for at both sizes, measured one after another in the same run, with issue 32's goals. */
function workflowTable(w: ScaleWorkflow, line: Line) {
  const { normal: a, scaled: b } = w
  const mid = median
  const runs = (values: number[]) => `median ${ms(mid(values))} (${values.map((v) => n(v)).join(', ')})`
  const walls = (builds: BuildResult[]) => builds.map((x) => x.wallMs)
  const drawn = (x: Workflow) => x.changedBuilds.map((c) => c.imagesDrawn)
  const rows: [string, string, string, string, boolean | undefined][] = [
    [
      '`npm run check` (cache kept)',
      runs(a.checkMs),
      runs(b.checkMs),
      '≤ 4 s and ≤ 2× at 43 pages',
      mid(b.checkMs) <= 4000 && mid(b.checkMs) <= 2 * mid(a.checkMs),
    ],
    ['`npm run check`, first run (no `.cache/`)', ms(a.checkColdMs), ms(b.checkColdMs), '', undefined],
    [
      'cold build (no `.cache/`, no `dist/`)',
      runs(walls(a.coldBuilds)),
      runs(walls(b.coldBuilds)),
      '≤ 60 s',
      mid(walls(b.coldBuilds)) <= 60_000,
    ],
    [
      'build after one heading changed (cache kept)',
      `${runs(walls(a.changedBuilds))}; images drawn ${drawn(a).join(', ')}`,
      `${runs(walls(b.changedBuilds))}; images drawn ${drawn(b).join(', ')}`,
      '≤ 25 s, exactly one image drawn',
      mid(walls(b.changedBuilds)) <= 25_000 && drawn(b).every((d) => d === 1),
    ],
    [
      'dev loop: YAML saved → page shows it',
      a.devLoop ? runs(a.devLoop.samplesMs) : '',
      b.devLoop ? runs(b.devLoop.samplesMs) : '',
      '≤ 500 ms',
      b.devLoop && b.devLoop.medianMs <= 500,
    ],
    [
      'editor: keystroke → preview',
      a.editor ? `median ${ms(a.editor.medianMs)}, max ${ms(a.editor.maxMs)}` : '',
      b.editor ? `median ${ms(b.editor.medianMs)}, max ${ms(b.editor.maxMs)}` : '',
      '≤ 150 ms median, ≤ 300 ms max, no frame reloaded',
      b.editor && b.editor.medianMs <= 150 && b.editor.maxMs <= 300 && !b.editor.frameReloaded,
    ],
    [
      'editor: keystroke → problems at the field',
      a.editor ? `median ${ms(a.editor.checkMedianMs)}` : '',
      b.editor ? `median ${ms(b.editor.checkMedianMs)}` : '',
      '≤ 800 ms',
      b.editor && b.editor.checkMedianMs <= 800,
    ],
  ]
  line(`What a marketer waits for, at ${a.pages} and ${n(b.pages)} pages, measured one after another in this run:`)
  line()
  line(`| measure | ${a.pages} pages | ${n(b.pages)} pages | goal at ${n(b.pages)} | met |`)
  line('|---|---|---|---|---|')
  for (const [label, x, y, goal, met] of rows)
    line(`| ${label} | ${x} | ${y} | ${goal} | ${met === undefined ? '' : ok(met)} |`)
  line()
}

function buildOnly(b: ScaleBuild, line: Line) {
  line('## Build')
  line()
  buildTable(line, b)
  line()
}

function buildTable(line: Line, a: ScaleBuild, b?: ScaleBuild) {
  line(`| | ${a.pages} pages |${b ? ` ${n(b.pages)} pages |` : ''}`)
  line(`|---|---|${b ? '---|' : ''}`)
  line(buildRow('build (as `scripts/build.ts` reports it)', (x) => ms(x.buildMs), a, b))
  line(buildRow('**per page**', (x) => `**${x.msPerPage} ms**`, a, b))
  line(buildRow('wall time of `tsx scripts/build.ts`', (x) => ms(x.wallMs), a, b))
  line(buildRow('dist/ total', (x) => `${mb(x.distBytes)}, ${n(x.distFiles)} files`, a, b))
  line(
    buildRow(
      'dist/ without .br/.gz copies',
      (x) => `${mb(x.distOriginalBytes)}, ${n(x.distOriginalFiles)} files`,
      a,
      b,
    ),
  )
  line(buildRow('home JS gzip', (x) => n(x.home.jsGzip), a, b))
  line(buildRow('home CSS gzip', (x) => n(x.home.cssGzip), a, b))
  const kinds = (x: ScaleBuild) =>
    Object.entries(x.distByExtension ?? {})
      .sort((p, q) => q[1] - p[1])
      .slice(0, 5)
      .map(([ext, size]) => `${ext} ${mb(size)}`)
      .join(', ')
  line(buildRow('dist/ largest kinds', kinds, a, b))
  // The build's own breakdown ("client 5000 ms, sharing images (27 of 27 drawn) 7000 ms, …"), one row per step.
  const steps = (x: ScaleBuild) =>
    new Map(
      // Laps end in "ms"; a lap's own parentheses may hold commas.
      (x.laps ?? '').split(/(?<=ms), /).flatMap((lap) => {
        const m = /^(.+?)(?: \((.+)\))? (\d+) ms$/.exec(lap.trim())
        return m ? [[m[1], `${ms(Number(m[3]))}${m[2] ? ` (${m[2]})` : ''}`] as const] : []
      }),
    )
  const names = [...new Set([...steps(a).keys(), ...(b ? steps(b).keys() : [])])]
  for (const name of names) line(buildRow(`step: ${name}`, (x) => steps(x).get(name) ?? '—', a, b))
}

function devLoopDetails(d: DevLoopResult, line: Line) {
  line('## Dev loop')
  line()
  line(
    `Vite dev server (\`vite --configLoader native\` under tsx, what \`npm run dev\` runs) in a copy of the project; \`${d.route}\` open in Chromium; the hero heading in \`${d.file}\` changed ${d.samplesMs.length - 1} times and then written back (the last sample). ` +
      "Measured from the file write to the new text in the page's `<h1>` (a MutationObserver in the page, same clock).",
  )
  line()
  line(`- samples: ${d.samplesMs.map((v) => ms(v)).join(', ')}`)
  line(`- **median ${ms(d.medianMs)}, max ${ms(d.maxMs)}**; page reloads: ${d.reloads}`)
  line(
    `- dev server ready in ${ms(d.serverReadyMs)}; first page load (cold dependency optimisation) ${ms(d.firstLoadMs)}`,
  )
  line()
}

function editorDetails(e: EditorResult, line: Line) {
  line('## Page editor')
  line()
  line(
    `\`npm run edit\` in a copy of the project, \`${e.file}\` open in Chromium (1600 px wide); one character typed into the hero's heading ${e.samplesMs.length} times, each after the last showed. ` +
      "From the key press to the new text in the phone preview's `<h1>`: the server resolves the draft into page data (no pause before it is asked) and React renders it in the frame with the site's components, in place (until 2026-11-26 the server rendered the HTML and the frames took its #root); then to the answer of the checks `npm run check` runs (schema, integrity, headings).",
  )
  line()
  line(`- samples: ${e.samplesMs.map((v) => ms(v)).join(', ')}`)
  line(
    `- **keystroke to preview: median ${ms(e.medianMs)}, max ${ms(e.maxMs)}**${e.frameReloaded ? ' (a preview frame was reloaded)' : ', no frame reloaded'}; to the problems: median ${ms(e.checkMedianMs)}`,
  )
  line()
}

function backendDetails(b: BackendResult, line: Line) {
  line('## Backend')
  line()
  line(
    `From \`bench/backend.ts\` (\`npm run bench:backend\`), ${b.source === 'ran' ? 'run by this bench' : `reused from bench/backend.json of ${b.date.slice(0, 16).replace('T', ' ')} UTC`}: the embedded backend (PGlite) on loopback.`,
  )
  line()
  const l = b.load
  line(
    `- load: ${n(l.requests)} contact submissions (${n(l.distinctSubmissions)} distinct, every 10th sent twice with the same idempotency key) from ${l.concurrency} clients in ${l.seconds} s = **${l.requestsPerSecond} req/s**`,
  )
  line(
    `- latency: p50 ${ms(l.latencyMs.p50)}, **p95 ${ms(l.latencyMs.p95)}**, p99 ${ms(l.latencyMs.p99)}, max ${ms(l.latencyMs.max)}; statuses ${Object.entries(
      l.statuses,
    )
      .map(([k, v]) => `${k} × ${n(v)}`)
      .join(', ')}`,
  )
  line(
    `- rows stored ${n(l.rowsStored)}: **${l.lost} lost, ${l.duplicated} duplicated**, ${l.repeatsAnsweredWithAnotherId} repeats answered with another id`,
  )
  const c = b.crash
  line(
    `- SIGKILL mid-run after ${c.ackedBeforeKill} acknowledged submissions (${c.failedOrCutOffByKill} cut off): **${c.ackedMissingAfterRestart} acknowledged submissions missing** after restart (restart ${c.restartSeconds} s, next submission answered ${c.firstSubmissionAfterRestart})`,
  )
  const nt = b.notifications
  if (nt)
    line(
      `- notifications: ${n(nt.submissions)} submissions, webhook receiver failing ${nt.receiverFailureRate * 100} % of attempts at random (503): **${n(nt.delivered)} delivered, ${nt.dead} dead, ${nt.receiver.duplicatesByKey} duplicates by Idempotency-Key**; ${n(nt.deliveredOnFirstAttempt)} on the first attempt, ${n(nt.receiver.attempts)} attempts in all (at most ${nt.attemptsMax} for one), the last delivered ${nt.simulatedMinutesToLastDelivery} simulated minutes after the run began (back-off clock moved forward; ${nt.seconds} s real)`,
    )
  line(`- verdict: ${b.ok ? 'ok' : '**FAILED**'}`)
  line()
}

function method(r: BenchReport, line: Line) {
  line('## How it is measured')
  line()
  line(
    '- Everything runs on a throw-away copy of the project in the system temp folder (node_modules linked), so `dist/`, `pages/` and `.data/` of the working tree are never touched.',
  )
  line(
    '- Lighthouse: one production build (`tsx scripts/build.ts`), served by `tsx scripts/serve.ts` (what `npm run serve` runs) on 127.0.0.1 with an empty backend data folder; every page file of `dist/` (`index.html`, `**/<name>.html`, not `404.html`) is a route; one Chromium (`/usr/bin/chromium`, headless) for all routes, one after another. Simulated throttling scales the main-thread time it observes, so a busy machine lowers Performance a lot (here TBT doubled at a load average of 4 on 2 CPUs): compare the load column, and measure with nothing else running.',
  )
  line('- Scale and home bytes: read from the build output; see the sections above.')
  line(
    `- Parts run: ${r.parts.join(', ')}; seconds: ${Object.entries(r.seconds)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
  )
  line()
}

/** Where the test suite's time goes: every file, longest first, per project; the journeys per engine. */
function testTimings(t: TestTimings, line: Line) {
  line("## Where the test suite's time goes")
  line()
  line(
    `Per test file, as \`npm test\` ran it (${t.measured}; written by \`npm run test:report\` from the last run's ` +
      '`.cache/test-reports/`, raw figures in [test-timings.json](test-timings.json)). Seconds of the file in its ' +
      'worker: import, set-up hooks and tests. Two workers run at once, so a run takes about half the sum.',
  )
  if (t.note) {
    line()
    for (const paragraph of t.note.split('\n')) line(paragraph)
  }
  for (const [project, files] of Object.entries(t.files)) {
    const rows = Object.entries(files).sort(([, a], [, b]) => b.seconds - a.seconds)
    const total = rows.reduce((sum, [, f]) => sum + f.seconds, 0)
    const tests = rows.reduce((sum, [, f]) => sum + f.tests, 0)
    const assertions = rows.reduce((sum, [, f]) => sum + f.assertions, 0)
    line()
    line(
      `### ${project}: ${rows.length} files, ${n(tests)} tests, ${n(assertions)} assertions, ${n(Math.round(total))} s in all`,
    )
    line()
    // A run measured before assertions were counted has none: the column then says so.
    const counted = (value: number) => (assertions ? String(value) : '—')
    line('| file | seconds | share | tests | assertions |')
    line('|---|---:|---:|---:|---:|')
    for (const [file, f] of rows)
      line(
        `| \`${file}\` | ${f.seconds.toFixed(1)} | ${((100 * f.seconds) / total).toFixed(1)} % | ${f.tests} | ${counted(f.assertions)} |`,
      )
  }
  if (Object.keys(t.engines).length) {
    line()
    line('### The journeys, per engine')
    line()
    line('| engine | seconds | tests |')
    line('|---|---:|---:|')
    for (const [engine, e] of Object.entries(t.engines)) line(`| ${engine} | ${e.seconds.toFixed(1)} | ${e.tests} |`)
  }
  line()
}

/**
 * The same build served three ways, measured side by side in one run (Lighthouse mobile,
 * simulated throttling), interleaved in a rotating order so machine noise falls on all three alike:
 *   ours   dist/ as built;
 *   limit  the same HTML with every executable script and modulepreload removed: the physical
 *          limit of this content;
 *   spa    the same bundle with #root emptied and the embedded page data removed: a
 *          client-rendered SPA.
 * Each figure is the median of `runs` runs.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startSiteServer } from '../server/site-server.ts'
import { brotli, gzip } from '../src/build/steps/compress.ts'
import { noindexRoutes, runLighthouse } from './lighthouse.ts'
import { median, round } from './project.ts'

export const VARIANTS = ['ours', 'limit', 'spa'] as const
export type Variant = (typeof VARIANTS)[number]
type Figures = { performance: number; tbtMs: number; lcpMs: number; fcpMs: number }
export type VersusRow = { route: string } & Record<Variant, Figures>
export type VersusResult = { runs: number; rows: VersusRow[]; seconds: number }

const TRANSFORMS: Record<Exclude<Variant, 'ours'>, (html: string) => string> = {
  // Every script that runs, inline or not; data blocks (page data, JSON-LD) stay.
  limit: (html) =>
    html
      .replace(/<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, ''),
  spa: (html) =>
    html
      .replace(
        /<div id="root">[\s\S]*<\/div>(\s*<script type="application\/json" id="page-data">)/,
        '<div id="root"></div>$1',
      )
      .replace(/<script type="application\/json" id="page-data">[\s\S]*?<\/script>/, ''),
}

/** A copy of dist/ with every page transformed (and its precompressed copies written again). */
function variantOf(dist: string, into: string, transform: (html: string) => string) {
  rmSync(into, { recursive: true, force: true })
  cpSync(dist, into, { recursive: true })
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.html')) {
        const html = transform(readFileSync(full, 'utf8'))
        writeFileSync(full, html)
        // Compressed exactly as the build compresses `ours`, or the comparison would be of settings.
        writeFileSync(`${full}.br`, brotli(full, html))
        writeFileSync(`${full}.gz`, gzip(html))
      }
    }
  }
  walk(into)
}

/** A copy of dist/ without any script: the no-script limit (see TRANSFORMS). */
export const limitVariantOf = (dist: string, into: string) => variantOf(dist, into, TRANSFORMS.limit)

/**
 * Waits (at most `maxMs`) until the 1-minute load average is below `below`: the build that runs
 * just before leaves it at 3-4 on 2 CPUs, and Lighthouse multiplies the main-thread time it
 * observes by 4, so the first run measured the build's leftovers (TBT 50-85 ms in both ours and
 * the limit, against 0-13 ms in the next run).
 */
async function quietMachine(log: (line: string) => void, below = 1, maxMs = 180_000) {
  const started = performance.now()
  while (loadavg()[0] >= below && performance.now() - started < maxMs) await sleep(5000)
  log(
    `   load average ${loadavg()[0].toFixed(2)} after ${Math.round((performance.now() - started) / 1000)} s of waiting for a quiet machine`,
  )
}

/**
 * The variants in the order run `run` (from 1) measures them: each run starts one later, so over
 * three runs each variant comes once after each of the others. In one fixed order `ours` always
 * came right after the client-rendered SPA of the route before, the heaviest page. Measured both
 * ways in one browser (4 routes, 3 runs), the same build had 11 ms more TBT on average after the
 * SPA than after the limit.
 */
const orderInRun = (run: number): Variant[] => VARIANTS.map((_, i) => VARIANTS[(i + run - 1) % VARIANTS.length])

export async function runVersus(options: {
  dist: string
  work: string
  routes: string[]
  runs: number
  port: number
  log: (line: string) => void
}): Promise<VersusResult> {
  const started = performance.now()
  const dists: Record<Variant, string> = {
    ours: options.dist,
    limit: join(options.work, 'limit'),
    spa: join(options.work, 'spa'),
  }
  mkdirSync(options.work, { recursive: true })
  limitVariantOf(options.dist, dists.limit)
  variantOf(options.dist, dists.spa, TRANSFORMS.spa)
  // Each variant on a loopback address of its own (127.0.0.1, .2, .3): another site to the
  // browser, so its pages get a renderer process of their own. On one address, the work left by
  // the previous variant's page (its code thrown away, its garbage collected) landed at the start
  // of the next one's trace: up to 140 ms that Lighthouse counted as that page's blocking time.
  const hostOf = (i: number) => `127.0.0.${i + 1}`
  const servers = await Promise.all(
    VARIANTS.map((variant, i) =>
      startSiteServer({
        distDir: dists[variant],
        dataDir: join(options.work, `data-${variant}`),
        port: options.port,
        host: hostOf(i),
      }),
    ),
  )
  const samples = new Map<string, Figures[]>()
  try {
    const noindex = noindexRoutes(options.dist, options.routes)
    await quietMachine(options.log)
    for (let run = 1; run <= options.runs; run++) {
      for (const route of options.routes) {
        for (const variant of orderInRun(run)) {
          const i = VARIANTS.indexOf(variant)
          const result = await runLighthouse(`http://${hostOf(i)}:${options.port}`, [route], noindex, () => {})
          const r = result.routes[0]
          const figures = {
            performance: r.scores.performance,
            tbtMs: r.metrics.tbtMs,
            lcpMs: r.metrics.lcpMs,
            fcpMs: r.metrics.fcpMs,
          }
          const key = `${route} ${variant}`
          samples.set(key, [...(samples.get(key) ?? []), figures])
          options.log(
            `  run ${run} ${route.padEnd(44)} ${variant.padEnd(5)} perf ${figures.performance} TBT ${figures.tbtMs} ms LCP ${figures.lcpMs} ms (${r.lcpElement ?? 'no LCP element'}) after ${r.idleWaitMs} ms of waiting for idle CPUs`,
          )
        }
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.close()))
  }
  const medianOf = (route: string, variant: Variant): Figures => {
    const list = samples.get(`${route} ${variant}`) ?? []
    return {
      performance: median(list.map((f) => f.performance)),
      tbtMs: round(median(list.map((f) => f.tbtMs))),
      lcpMs: round(median(list.map((f) => f.lcpMs))),
      fcpMs: round(median(list.map((f) => f.fcpMs))),
    }
  }
  return {
    runs: options.runs,
    rows: options.routes.map((route) => ({
      route,
      ours: medianOf(route, 'ours'),
      limit: medianOf(route, 'limit'),
      spa: medianOf(route, 'spa'),
    })),
    seconds: round((performance.now() - started) / 1000),
  }
}

/** Issue 35's goal for every route: as fast to paint as the page without scripts, and as free to tap. */
export const GOAL = { lcpRatio: 1.05, tbtOverLimitMs: 10, performance: 100 }

export const meetsGoal = ({ ours, limit }: VersusRow) =>
  ours.lcpMs / limit.lcpMs <= GOAL.lcpRatio &&
  ours.tbtMs - limit.tbtMs <= GOAL.tbtOverLimitMs &&
  ours.performance >= GOAL.performance

/**
 * One route of each kind (the bench's default): home, a service, a city, the insights list, an
 * article, both form pages, and the Spanish home, contact and careers pages. Each is checked
 * against the built routes: a kind the site no longer has fails the bench, not going unmeasured.
 */
export function routeKinds(routes: string[]): string[] {
  const first = (kind: string, match: (route: string) => boolean) => {
    const route = routes.find(match)
    if (!route) throw new Error(`versus: the build has no ${kind} page`)
    return route
  }
  const at = (route: string) => first(route, (r) => r === route)
  return [
    at('/'),
    first('service', (r) => r.startsWith('/services/')),
    first('city', (r) => /^\/[a-z-]+-security-services$/.test(r)),
    at('/insights'),
    first('article', (r) => r.startsWith('/insights/')),
    at('/contact-us'),
    at('/careers'),
    at('/es'),
    at('/es/contacto'),
    at('/es/empleo'),
  ]
}

/** The table for bench/report.md, with issue 35's goal checked per route. */
export function versusTable(result: VersusResult): string[] {
  const out = [
    `Median of ${result.runs} interleaved run${result.runs === 1 ? '' : 's'} per route and variant, in a rotating order, each in a new Chromium that starts no spare renderer (bench/lighthouse.ts); goal: LCP within ${Math.round((GOAL.lcpRatio - 1) * 100)} % of the limit, TBT within ${GOAL.tbtOverLimitMs} ms of it, Performance ${GOAL.performance}.`,
    '',
    '| route | Perf ours / limit / spa | TBT ms ours / limit / spa | LCP ms ours / limit / spa | LCP ours ÷ limit | goal |',
    '|---|---|---|---|---|---|',
  ]
  for (const row of result.rows) {
    const { route, ours, limit, spa } = row
    const ratio = limit.lcpMs ? ours.lcpMs / limit.lcpMs : Number.NaN
    out.push(
      `| ${route} | ${ours.performance} / ${limit.performance} / ${spa.performance} | ${ours.tbtMs} / ${limit.tbtMs} / ${spa.tbtMs} | ${ours.lcpMs} / ${limit.lcpMs} / ${spa.lcpMs} | ${ratio.toFixed(2)} | ${meetsGoal(row) ? 'met' : '**not met**'} |`,
    )
  }
  return out
}

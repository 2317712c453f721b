/**
 * Lighthouse (npm package, Node API, default config = mobile: Moto G Power screen, simulated
 * slow 4G and 4x CPU slowdown) on every route of a served build, one route after another in
 * one Chromium.
 */

import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS as BROWSER_FLAGS } from '../scripts/engines/browsers.ts'
import { pageFileOf } from '../src/content/addresses.ts'
import { round } from './project.ts'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

const METRICS = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
  speedIndexMs: 'speed-index',
} as const
export type Metrics = Record<keyof typeof METRICS, number>

/** An audit that cost the route points (or, for Performance, names savings). */
export type Finding = {
  id: string
  title: string
  score: number | null
  weight: number
  displayValue?: string
  savingsMs?: number
  savingsBytes?: number
  items?: string[]
}

/** The audits of a page's images (issue 46): each one's score, 1 when it passes, null when it does not apply. */
export const IMAGE_AUDITS = [
  'uses-responsive-images',
  'modern-image-formats',
  'uses-optimized-images',
  'unsized-images',
  'prioritize-lcp-image',
  'lcp-lazy-loaded',
] as const

export type RouteResult = {
  route: string
  scores: Record<Category, number>
  imageAudits?: Record<(typeof IMAGE_AUDITS)[number], number | null>
  /** What each image audit that fails found: the image and the bytes it would save (or the element). */
  imageAuditItems?: Partial<Record<(typeof IMAGE_AUDITS)[number], string[]>>
  metrics: Metrics
  /** Per category below 100 (Performance: also any audit with savings), worst first. */
  findings: Partial<Record<Category, Finding[]>>
  runtimeError?: string
  warnings: string[]
  seconds: number
  /** The element Lighthouse took as the largest contentful paint (its CSS selector). */
  lcpElement?: string
  attempts?: number
  /** How long the run waited for idle CPUs before it started (settledCpus). */
  idleWaitMs?: number
  noindex?: boolean
  /** The machine's 1-minute load average when the route was done (other work inflates TBT). */
  loadAverage?: number
}

export type LighthouseResult = {
  lighthouseVersion: string
  chromium: string
  benchmarkIndex?: number
  config: string
  routes: RouteResult[]
  worst: Record<Category, { route: string; score: number }>
  below: { route: string; category: Category; score: number }[]
  seconds: number
  /** 1, 5 and 15 minute load averages: above the CPU count, other work inflated TBT and Performance. */
  loadAverage: { atStart: number[]; atEnd: number[]; cpus: number }
}

// Lighthouse starts Chromium itself (chrome-launcher): headless, with the flags the tests use.
export const CHROMIUM_FLAGS = ['--headless=new', ...BROWSER_FLAGS]

/**
 * Features off in every measured browser, on top of chrome-launcher's own list. While a page
 * loads, Chromium starts a spare renderer process for the next navigation; on two cores its start
 * competed with the measured page's first task (the navigation commit): on /insights, 12 runs
 * each, that task took 18-44 ms at 1x with it and 10-30 ms without, in ours and the limit alike,
 * and it decided most runs' TBT (the limit's went from 0-67 ms to 0). Noise from outside the page,
 * which the bench's comparisons cannot tell from the page's own.
 */
const DISABLED_FEATURES = ['SpareRendererForSitePerProcess']

/**
 * chrome-launcher's default flags, the bench's, and DISABLED_FEATURES merged into the defaults'
 * `--disable-features`: Chromium keeps only the last occurrence of a switch, so a second one
 * would turn the defaults' list back on.
 */
export function launchFlags(): string[] {
  const flags = [...chromeLauncher.Launcher.defaultFlags(), ...CHROMIUM_FLAGS]
  const prefix = '--disable-features='
  const listed = flags.filter((flag) => flag.startsWith(prefix)).flatMap((flag) => flag.slice(prefix.length).split(','))
  const features = [...new Set([...listed, ...DISABLED_FEATURES])].filter(Boolean)
  return [...flags.filter((flag) => !flag.startsWith(prefix)), `${prefix}${features.join(',')}`]
}

/** Chromium as Lighthouse drives it in every bench: see launchFlags. */
function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: launchFlags(),
    ignoreDefaultFlags: true,
    logLevel: 'silent',
  })
}

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

/** The share of the machine's CPU time (all cores) that went idle over the next `ms`. */
async function idleShare(ms: number): Promise<number> {
  const total = (list: ReturnType<typeof cpus>) =>
    list.reduce(
      (sum, { times }) => ({
        idle: sum.idle + times.idle,
        all: sum.all + times.user + times.nice + times.sys + times.idle + times.irq,
      }),
      { idle: 0, all: 0 },
    )
  const before = total(cpus())
  await sleep(ms)
  const after = total(cpus())
  return (after.idle - before.idle) / Math.max(1, after.all - before.all)
}

/**
 * Waits (at most `maxMs`) until the CPUs are idle: the browser has just started (each run has a
 * browser of its own), the one before may still be going away, and on two cores their work
 * lands in the measured page's main-thread tasks, which Lighthouse counts 4 times (the
 * navigation's first task took 12-42 ms at 1x for the same page). The load average is too slow
 * a measure for that: it averages over a minute. Returns how long it waited.
 */
async function settledCpus(maxMs = 15_000): Promise<number> {
  const started = performance.now()
  while ((await idleShare(300)) < 0.9 && performance.now() - started < maxMs) {}
  return performance.now() - started
}

/** `noindex`: routes whose page asks search engines not to index it (SEO's `is-crawlable` fails there by design). */
export async function runLighthouse(
  baseUrl: string,
  routes: string[],
  noindex: Set<string>,
  log: (line: string) => void = console.log,
): Promise<LighthouseResult> {
  const started = performance.now()
  const loadAverageAtStart = loadavg().map((l) => round(l, 2))
  const chrome = await launchChrome()
  const results: RouteResult[] = []
  let lighthouseVersion = ''
  let chromium = ''
  let benchmarkIndex: number | undefined
  try {
    for (const route of routes) {
      const routeStarted = performance.now()
      // A run that fails to record its trace (NO_NAVSTART, NO_FCP, …) is retried, twice at most.
      let lhr: Lhr | undefined
      let attempts = 0
      let idleWaitMs = 0
      while (attempts < 3 && (!lhr || lhr.runtimeError)) {
        attempts++
        idleWaitMs = Math.round(await settledCpus())
        const runner = await lighthouse(new URL(route, baseUrl).href, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
        })
        if (!runner) throw new Error(`Lighthouse returned nothing for ${route}`)
        lhr = runner.lhr
        if (lhr.runtimeError && attempts < 3) log(`  ${route}: ${lhr.runtimeError.code}, running it again`)
      }
      if (!lhr) throw new Error(`no Lighthouse result for ${route}`)
      lighthouseVersion = lhr.lighthouseVersion
      chromium =
        lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent
      benchmarkIndex = lhr.environment.benchmarkIndex
      const result = {
        ...summarise(route, lhr, (performance.now() - routeStarted) / 1000),
        attempts,
        idleWaitMs,
        noindex: noindex.has(route),
        loadAverage: round(loadavg()[0], 1),
      }
      results.push(result)
      log(
        `  ${route.padEnd(48)} ` +
          CATEGORIES.map((c) => `${c.slice(0, 4)} ${String(result.scores[c]).padStart(3)}`).join('  ') +
          `  LCP ${result.metrics.lcpMs} ms  TBT ${result.metrics.tbtMs} ms  CLS ${result.metrics.cls}` +
          (result.runtimeError ? `  ERROR ${result.runtimeError}` : '') +
          `  (${result.seconds} s, load ${result.loadAverage})`,
      )
    }
  } finally {
    chrome.kill()
  }
  // A route Lighthouse could not measure (after retries) is reported, not ranked.
  const measured = results.some((r) => !r.runtimeError) ? results.filter((r) => !r.runtimeError) : results
  const worst = Object.fromEntries(
    CATEGORIES.map((c) => {
      const w = measured.reduce((a, b) => (b.scores[c] < a.scores[c] ? b : a))
      return [c, { route: w.route, score: w.scores[c] }]
    }),
  ) as LighthouseResult['worst']
  const below = results.flatMap((r) =>
    CATEGORIES.filter((c) => r.scores[c] < (c === 'performance' ? 95 : 100)).map((c) => ({
      route: r.route,
      category: c,
      score: r.scores[c],
    })),
  )
  return {
    lighthouseVersion,
    chromium,
    benchmarkIndex,
    config:
      'lighthouse default (mobile, simulated throttling: 150 ms RTT, 1.6 Mbps, 4x CPU), Chromium without its spare renderer',
    routes: results,
    worst,
    below,
    seconds: round((performance.now() - started) / 1000),
    loadAverage: { atStart: loadAverageAtStart, atEnd: loadavg().map((l) => round(l, 2)), cpus: cpus().length },
  }
}

function summarise(route: string, lhr: Lhr, seconds: number): RouteResult {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => {
      const value = lhr.audits[id]?.numericValue ?? NaN
      return [key, key === 'cls' ? round(value, 3) : Math.round(value)]
    }),
  ) as Metrics
  const findings: RouteResult['findings'] = {}
  for (const category of CATEGORIES) {
    const list = findingsFor(lhr, category, scores[category])
    if (list.length) findings[category] = list
  }
  const imageAudits = Object.fromEntries(
    IMAGE_AUDITS.map((id) => [
      id,
      lhr.audits[id]?.scoreDisplayMode === 'notApplicable' ? null : (lhr.audits[id]?.score ?? null),
    ]),
  ) as RouteResult['imageAudits']
  const imageAuditItems: RouteResult['imageAuditItems'] = {}
  for (const id of IMAGE_AUDITS) {
    const items = (
      lhr.audits[id]?.details as { items?: { url?: string; wastedBytes?: number; node?: { selector?: string } }[] }
    )?.items
    if (imageAudits?.[id] === 0 && items)
      imageAuditItems[id] = items.map(
        (i) => `${i.url ?? i.node?.selector ?? '?'}${i.wastedBytes ? ` ${i.wastedBytes} B` : ''}`,
      )
  }
  return {
    route,
    scores,
    metrics,
    findings,
    imageAudits,
    imageAuditItems,
    runtimeError: lhr.runtimeError?.message,
    warnings: lhr.runWarnings,
    seconds: round(seconds, 1),
    lcpElement: lcpElementOf(lhr),
  }
}

function lcpElementOf(lhr: Lhr): string | undefined {
  type Node = { type?: string; selector?: string }
  type Table = { type?: string; items?: ({ node?: Node } & Table)[] }
  const details = lhr.audits['largest-contentful-paint-element']?.details as Table | undefined
  const rows = details?.items?.flatMap((item) => (item.type === 'table' ? (item.items ?? []) : [item])) ?? []
  return rows.find((row) => row.node?.type === 'node')?.node?.selector
}

function findingsFor(lhr: Lhr, category: Category, score: number): Finding[] {
  const refs = lhr.categories[category]?.auditRefs ?? []
  const out: Finding[] = []
  for (const ref of refs) {
    const audit = lhr.audits[ref.id]
    if (!audit || ['notApplicable', 'manual', 'informative', 'error'].includes(audit.scoreDisplayMode)) {
      if (audit?.scoreDisplayMode !== 'error') continue
    }
    const details = audit.details as
      | { overallSavingsMs?: number; overallSavingsBytes?: number; items?: Record<string, unknown>[] }
      | undefined
    const savingsMs = audit.metricSavings
      ? Math.max(0, ...Object.values(audit.metricSavings).map((v) => v ?? 0))
      : details?.overallSavingsMs
    const failed = audit.score !== null && audit.score < 1
    const withSavings = category === 'performance' && ((savingsMs ?? 0) > 0 || (details?.overallSavingsBytes ?? 0) > 0)
    // Metric audits carry Performance's weights; their values are in the metrics already.
    if (category === 'performance' && ref.weight > 0) {
      if (failed)
        out.push({
          id: ref.id,
          title: audit.title,
          score: audit.score,
          weight: ref.weight,
          displayValue: audit.displayValue,
        })
      continue
    }
    if (score >= 100 && !withSavings) continue
    if (!failed && !withSavings && audit.scoreDisplayMode !== 'error') continue
    out.push({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? (audit.scoreDisplayMode === 'error' ? audit.errorMessage : undefined),
      savingsMs: savingsMs ? Math.round(savingsMs) : undefined,
      savingsBytes: details?.overallSavingsBytes ? Math.round(details.overallSavingsBytes) : undefined,
      items: itemsOf(details?.items),
    })
  }
  return out.sort(
    (a, b) =>
      b.weight - a.weight || (b.savingsMs ?? 0) - (a.savingsMs ?? 0) || (b.savingsBytes ?? 0) - (a.savingsBytes ?? 0),
  )
}

/** A few short labels of what an audit points at (URLs, selectors, snippets). */
function itemsOf(items: Record<string, unknown>[] | undefined): string[] | undefined {
  if (!items?.length) return undefined
  // Some audits (e.g. largest-contentful-paint-element) hold a list of tables: use their rows.
  items = items.flatMap((item) =>
    item.type === 'table' && Array.isArray(item.items) ? (item.items as Record<string, unknown>[]) : [item],
  )
  const labels = items.slice(0, 5).map((item) => {
    type Source = { type?: string; selector?: string; snippet?: string; url?: string; line?: number }
    const source = item.source as Source | undefined
    const node = (item.node as Source | undefined) ?? (source?.type === 'node' ? source : undefined)
    const location = source?.type === 'source-location' ? source : undefined
    const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')
    const url =
      typeof item.url === 'string'
        ? path(item.url)
        : location?.url
          ? `${path(location.url)}:${(location.line ?? 0) + 1}`
          : undefined
    // A selector says where; for head elements (e.g. head > meta) the snippet says which.
    const where =
      node?.selector && !/^(html|head)\b/.test(node.selector) ? node.selector : (node?.snippet ?? node?.selector)
    // mainthread-work-breakdown rows name a kind of work; bootup-time rows a script and its time.
    const group = typeof item.groupLabel === 'string' ? item.groupLabel : undefined
    const label = url ?? where ?? group
    const bytes = typeof item.wastedBytes === 'number' ? ` (${Math.round(item.wastedBytes)} B)` : ''
    const time =
      typeof item.scripting === 'number'
        ? ` (${Math.round(item.scripting)} ms scripting)`
        : typeof item.duration === 'number' && group
          ? ` ${Math.round(item.duration)} ms`
          : ''
    return label ? `${label}${bytes}${time}` : undefined
  })
  const out = labels.filter((l): l is string => !!l)
  return out.length ? out : undefined
}

/** Routes whose prerendered HTML carries a robots noindex meta tag. */
export function noindexRoutes(distDir: string, routes: string[]): Set<string> {
  const file = (route: string) => join(distDir, pageFileOf(route))
  return new Set(
    routes.filter((route) => {
      const html = readFileSync(file(route), 'utf8')
      return [...html.matchAll(/<meta\b[^>]*>/gi)].some(
        ([tag]) => /name\s*=\s*["']robots["']/i.test(tag) && /content\s*=\s*["'][^"']*noindex/i.test(tag),
      )
    }),
  )
}

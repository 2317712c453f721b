/**
 * The first interaction with a form, in headless Chromium with the CPU throttled 4× (CDP):
 *   hydration  from the first focus in the form (which asks for the form's code) to the form
 *              hydrated (`data-enhanced`), on the built site;
 *   INP        of the first keystroke after it: the longest Event Timing entry of that
 *              interaction (keydown, keypress, input, keyup), from input to the next paint.
 * Side by side in one run with the same keystroke on the no-script limit (the same HTML
 * without scripts: nothing to hydrate), interleaved. Each figure is the median of `runs` runs.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright'
import { startSiteServer } from '../server/site-server.ts'
import { launchBrowser } from '../tests/e2e/browser.ts'
import { median, round } from './project.ts'
import { limitVariantOf } from './versus.ts'

const FIELDS: Record<string, string> = { '/contact-us': '#contact-name', '/careers': '#application-firstName' }
type Sample = { hydrationMs?: number; inpMs: number }
type Row = { route: string; hydrationMs: number; inpMs: number; limitInpMs: number }
export type FirstInteractionResult = { runs: number; cpuThrottling: number; rows: Row[] }

const CPU_THROTTLING = 4
/** Chromium reports Event Timing entries from 16 ms up: a shorter interaction counts as 16. */
const SHORTEST_REPORTED_MS = 16

async function measure(page: Page, url: string, field: string, hydrates: boolean): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING })
  // Idle never comes: the form's code is asked for by the focus below, not by an idle browser.
  if (hydrates)
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0
    })
  await page.addInitScript(() => {
    const w = window as unknown as {
      __events: { id: number; duration: number }[]
      __enhancedAt?: number
      __focusedAt?: number
    }
    w.__events = []
    window.addEventListener('focusin', () => {
      w.__focusedAt ??= performance.now()
    })
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        if (e.interactionId) w.__events.push({ id: e.interactionId, duration: e.duration })
    }).observe({ type: 'event', durationThreshold: SHORTEST_REPORTED_MS, buffered: true } as PerformanceObserverInit)
    new MutationObserver(() => {
      if (!w.__enhancedAt && document.querySelector('form[data-enhanced="true"]')) w.__enhancedAt = performance.now()
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-enhanced'] })
  })
  await page.goto(url)
  if (hydrates) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.focus(field)
  let hydrationMs: number | undefined
  if (hydrates) {
    await page.waitForFunction(() => (window as unknown as { __enhancedAt?: number }).__enhancedAt !== undefined)
    hydrationMs = await page.evaluate(() => {
      const w = window as unknown as { __enhancedAt: number; __focusedAt: number }
      return w.__enhancedAt - w.__focusedAt
    })
  }
  // The entries before the keystroke belong to no keystroke (the focus() above is not one).
  const before = await page.evaluate(() => (window as unknown as { __events: unknown[] }).__events.length)
  await page.keyboard.press('J')
  await page.waitForFunction((selector) => document.querySelector<HTMLInputElement>(selector)?.value === 'J', field)
  // Event Timing reports after the next paint: two frames later every entry of the keystroke is in.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  const durations = await page.evaluate(
    (from) => (window as unknown as { __events: { duration: number }[] }).__events.slice(from).map((e) => e.duration),
    before,
  )
  await cdp.detach()
  return { hydrationMs, inpMs: Math.max(SHORTEST_REPORTED_MS, ...durations) }
}

export async function runFirstInteraction(options: {
  dist: string
  work: string
  runs: number
  port: number
  log: (line: string) => void
}): Promise<FirstInteractionResult> {
  mkdirSync(options.work, { recursive: true })
  const limitDist = join(options.work, 'limit')
  limitVariantOf(options.dist, limitDist)
  const [ours, limit] = await Promise.all(
    [options.dist, limitDist].map((distDir, i) =>
      startSiteServer({ distDir, dataDir: join(options.work, `data-${i}`), port: options.port + i }),
    ),
  )
  const browser = await launchBrowser()
  const samples = new Map<string, Sample[]>()
  try {
    for (let run = 1; run <= options.runs; run++) {
      for (const [route, field] of Object.entries(FIELDS)) {
        for (const [variant, port] of [
          ['ours', options.port],
          ['limit', options.port + 1],
        ] as const) {
          const context = await browser.newContext({ serviceWorkers: 'block' })
          const page = await context.newPage()
          const sample = await measure(page, `http://127.0.0.1:${port}${route}`, field, variant === 'ours')
          await context.close()
          samples.set(`${route} ${variant}`, [...(samples.get(`${route} ${variant}`) ?? []), sample])
          options.log(
            `  run ${run} ${route.padEnd(12)} ${variant.padEnd(5)} ${sample.hydrationMs === undefined ? '' : `focus → hydrated ${round(sample.hydrationMs)} ms, `}INP ${round(sample.inpMs)} ms`,
          )
        }
      }
    }
  } finally {
    await browser.close()
    await Promise.all([ours.close(), limit.close()])
  }
  const of = (route: string, variant: string) => samples.get(`${route} ${variant}`) ?? []
  return {
    runs: options.runs,
    cpuThrottling: CPU_THROTTLING,
    rows: Object.keys(FIELDS).map((route) => ({
      route,
      hydrationMs: round(median(of(route, 'ours').map((s) => s.hydrationMs ?? 0))),
      inpMs: round(median(of(route, 'ours').map((s) => s.inpMs))),
      limitInpMs: round(median(of(route, 'limit').map((s) => s.inpMs))),
    })),
  }
}

/** The table for bench/report.md; goal: INP ≤ 200 ms. */
export function firstInteractionTable(result: FirstInteractionResult): string[] {
  const out = [
    `CPU throttled ${result.cpuThrottling}× (CDP); median of ${result.runs} interleaved runs. Hydration: from the first focus in the form to the form hydrated. INP: the first keystroke after it (entries under ${SHORTEST_REPORTED_MS} ms are not reported by Chromium and count as ${SHORTEST_REPORTED_MS}). Goal: INP ≤ 200 ms.`,
    '',
    '| route | focus → hydrated ms | INP ms ours / limit | goal |',
    '|---|---|---|---|',
  ]
  for (const row of result.rows)
    out.push(
      `| ${row.route} | ${row.hydrationMs} | ${row.inpMs} / ${row.limitInpMs} | ${row.inpMs <= 200 ? 'met' : '**not met**'} |`,
    )
  return out
}

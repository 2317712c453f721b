/**
 * The first interaction with a form, in headless Chromium with the CPU throttled 4× (CDP):
 *   hydration  from the first focus in the form (which asks for the form's code) to the form
 *              hydrated (its `form-hydrated` performance mark), on the built site;
 *   tap        the tap itself (it asks for the form's code while the form is not hydrated);
 *   INP        of the first keystroke after hydration: the longest Event Timing entry of that
 *              interaction (keydown, keyup), from input to the next paint.
 * Side by side in one run with the same keystroke on the no-script limit (the same HTML
 * without scripts: nothing to hydrate), interleaved. Each figure is the median of `runs` runs.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright'
import { launchChromium } from '../scripts/engines/browsers.ts'
import { startSiteServer } from '../server/site-server.ts'
import { median, round } from './project.ts'
import { limitVariantOf } from './versus.ts'

const FIELDS: Record<string, string> = { '/contact-us': '#contact-name', '/careers': '#application-firstName' }
type Sample = { hydrationMs?: number; tapMs: number; inpMs: number }
type Row = {
  route: string
  hydrationMs: number
  tapMs: number
  limitTapMs: number
  inpMs: number
  limitInpMs: number
}
export type FirstInteractionResult = { runs: number; cpuThrottling: number; rows: Row[] }

const CPU_THROTTLING = 4
/** Chromium reports Event Timing entries from 16 ms up: a shorter interaction counts as 16. */
const SHORTEST_REPORTED_MS = 16

type Timed = { name: string; id: number; duration: number }
type Probe = { __events: Timed[]; __focusedAt?: number }

/**
 * The longest entry of the interaction made after the first `from` entries (nothing else happens
 * meanwhile), once the browser has reported it. The parts of one interaction (keydown and keyup,
 * pointerdown and click) are reported with the paints that follow them, so two frames after the
 * first one the others are in. An interaction under 16 ms is never reported: after a bounded wait
 * it counts as 16 ms.
 */
async function interactionMs(page: Page, from: number): Promise<number> {
  const reported = await page
    .waitForFunction((start) => (window as unknown as Probe).__events.length > start, from, { timeout: 3_000 })
    .then(() => true)
    .catch(() => false)
  if (!reported) return SHORTEST_REPORTED_MS
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  const entries = await page.evaluate((start) => (window as unknown as Probe).__events.slice(start), from)
  return Math.max(SHORTEST_REPORTED_MS, ...entries.map((e) => e.duration))
}

async function measure(page: Page, url: string, field: string, hydrates: boolean): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING })
  // Idle never comes: the form's code is fetched for the tap below, not by an idle browser ahead.
  if (hydrates)
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0
    })
  await page.addInitScript(() => {
    const w = window as unknown as Probe
    w.__events = []
    // Capturing on window: React stops an event aimed at a part it has not hydrated yet.
    window.addEventListener(
      'focusin',
      () => {
        w.__focusedAt ??= performance.now()
      },
      { capture: true },
    )
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        if (e.interactionId) w.__events.push({ name: e.name, id: e.interactionId, duration: e.duration })
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  })
  await page.goto(url)
  if (hydrates) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  // As a visitor does: the field is scrolled into view and tapped (pointerdown, then focus).
  const beforeTap = await page.evaluate(() => (window as unknown as Probe).__events.length)
  await page.locator(field).click()
  let hydrationMs: number | undefined
  if (hydrates) {
    // The form marks the moment it has hydrated and holds what was typed (JsonSchemaForm.tsx).
    await page.waitForFunction(() => performance.getEntriesByName('form-hydrated').length > 0, undefined, {
      polling: 50,
    })
    hydrationMs = await page.evaluate(
      () =>
        performance.getEntriesByName('form-hydrated')[0].startTime - ((window as unknown as Probe).__focusedAt ?? 0),
    )
  }
  const tapMs = await interactionMs(page, beforeTap)
  const beforeKey = await page.evaluate(() => (window as unknown as Probe).__events.length)
  await page.keyboard.press('J')
  await page.waitForFunction((selector) => document.querySelector<HTMLInputElement>(selector)?.value === 'J', field)
  const inpMs = await interactionMs(page, beforeKey)
  await cdp.detach()
  return { hydrationMs, tapMs, inpMs }
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
  const browser = await launchChromium()
  const samples = new Map<string, Sample[]>()
  try {
    for (let run = 1; run <= options.runs; run++) {
      for (const [route, field] of Object.entries(FIELDS)) {
        for (const [variant, port] of [
          ['ours', options.port],
          ['limit', options.port + 1],
        ] as const) {
          // A phone's screen, as Lighthouse's: the forms are screens below the top, so they
          // hydrate at the tap (or as the tap scrolls them near), not with the page.
          const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } })
          const page = await context.newPage()
          const sample = await measure(page, `http://127.0.0.1:${port}${route}`, field, variant === 'ours')
          await context.close()
          samples.set(`${route} ${variant}`, [...(samples.get(`${route} ${variant}`) ?? []), sample])
          options.log(
            `  run ${run} ${route.padEnd(12)} ${variant.padEnd(5)} ${sample.hydrationMs === undefined ? '' : `focus → hydrated ${round(sample.hydrationMs)} ms, `}tap ${round(sample.tapMs)} ms, keystroke ${round(sample.inpMs)} ms`,
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
      tapMs: round(median(of(route, 'ours').map((s) => s.tapMs))),
      limitTapMs: round(median(of(route, 'limit').map((s) => s.tapMs))),
      inpMs: round(median(of(route, 'ours').map((s) => s.inpMs))),
      limitInpMs: round(median(of(route, 'limit').map((s) => s.inpMs))),
    })),
  }
}

/** The table for bench/report.md; goal: INP ≤ 200 ms. */
export function firstInteractionTable(result: FirstInteractionResult): string[] {
  const out = [
    `CPU throttled ${result.cpuThrottling}× (CDP); median of ${result.runs} interleaved runs; the limit is the same page without scripts. Hydration: from the first focus in the form (a tap on its first field) to the form hydrated. Tap: that tap's interaction, from input to the next paint. Keystroke: the first keystroke after hydration, whose INP is the goal (≤ 200 ms). Interactions under ${SHORTEST_REPORTED_MS} ms are not reported by Chromium and count as ${SHORTEST_REPORTED_MS}.`,
    '',
    '| route | focus → hydrated ms | tap ms ours / limit | keystroke INP ms ours / limit | goal |',
    '|---|---|---|---|---|',
  ]
  for (const row of result.rows)
    out.push(
      `| ${row.route} | ${row.hydrationMs} | ${row.tapMs} / ${row.limitTapMs} | ${row.inpMs} / ${row.limitInpMs} | ${row.inpMs <= 200 ? 'met' : '**not met**'} |`,
    )
  return out
}

/**
 * The first frame's style and layout time: Chromium's trace of a first load, summing the main
 * thread's style recalculations (UpdateLayoutTree) and layouts (Layout) until the first
 * contentful paint, in thread time, median of several runs. Run it against served builds (`npm run serve`):
 *
 *   tsx bench/first-frame.ts --url http://127.0.0.1:4173 --routes / --widths 375,1280 --runs 9
 *   tsx bench/first-frame.ts --url before=http://127.0.0.1:4173,after=http://127.0.0.1:4174
 *   tsx bench/first-frame.ts ... --css 'main > .block { content-visibility: visible !important }'
 *
 * Several labelled builds are measured in turns, run by run, so a machine that gets busier
 * halfway weighs on each alike. `--css` adds a stylesheet to the page's HTML before it is
 * parsed, to measure a variant without a build (as one more build, labelled "css", on the first
 * URL). `--cpu 4` slows the CPU down as Lighthouse's mobile run does.
 */
import { parseArgs } from 'node:util'
import { chromium } from 'playwright'

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:4173' },
    routes: { type: 'string', default: '/' },
    widths: { type: 'string', default: '375,1280' },
    runs: { type: 'string', default: '9' },
    css: { type: 'string' },
    cpu: { type: 'string', default: '1' },
  },
})

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number }

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
const targets = args.url.split(',').map((entry, i) => {
  const [label, url] = entry.includes('=') ? entry.split('=') : [`build ${i + 1}`, entry]
  return { label, url, css: undefined as string | undefined }
})
if (args.css) targets.push({ label: 'css', url: targets[0].url, css: args.css })

/** Style and layout before the first contentful paint of one load, in ms. */
async function measure(url: string, width: number, css: string | undefined) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 740 : 800 } })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.cpu) })
    if (css)
      await page.route(
        (address) => address.href === url,
        async (route) => {
          const response = await route.fetch()
          const html = (await response.text()).replace('</head>', `<style>${css}</style></head>`)
          await route.fulfill({ response, body: html })
        },
      )
    await browser.startTracing(page, { categories: ['devtools.timeline', 'loading'] })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    const fcp = trace.traceEvents.find((e) => e.name === 'firstContentfulPaint')
    if (!fcp) throw new Error('no firstContentfulPaint in the trace')
    const before = (name: string) =>
      trace.traceEvents
        .filter((e) => e.name === name && e.ph === 'X' && e.pid === fcp.pid && e.ts < fcp.ts)
        // Thread time, not wall time: another process taking the CPU meanwhile does not count.
        .reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0) / 1000, 0)
    return { style: before('UpdateLayoutTree'), layout: before('Layout') }
  } finally {
    await context.close()
  }
}

try {
  for (const route of args.routes.split(',')) {
    for (const width of args.widths.split(',').map(Number)) {
      const runs = new Map(targets.map((t) => [t.label, [] as { style: number; layout: number }[]]))
      for (let run = 0; run < Number(args.runs); run++)
        for (const target of targets)
          runs.get(target.label)!.push(await measure(new URL(route, target.url).href, width, target.css))
      for (const [label, measured] of runs) {
        const total = median(measured.map((r) => r.style + r.layout))
        console.log(
          `${label}: ${route} at ${width} px, style + layout before first paint, median of ${measured.length}: ` +
            `${total.toFixed(1)} ms (style ${median(measured.map((r) => r.style)).toFixed(1)}, layout ` +
            `${median(measured.map((r) => r.layout)).toFixed(1)}; runs ${measured.map((r) => (r.style + r.layout).toFixed(1)).join(', ')})`,
        )
      }
    }
  }
} finally {
  await browser.close()
}

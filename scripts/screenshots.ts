// npm run screenshots: a full-page PNG of every route in the built site at phone and desktop
// widths, in Chromium, Firefox ESR or WebKit, for people to look at before a layout change is
// accepted and to compare the engines side by side. The routes are those of dist/sitemap.xml
// (what the build published), so the list never goes stale.
//
//   npm run screenshots                       # Chromium, 375 and 1280 px, into screenshots/chromium/
//   npm run screenshots -- --engine webkit    # or firefox, or a list (firefox,webkit), or all
//   npm run screenshots -- --widths 320,375   # other widths
//   npm run screenshots -- --under /es        # only the routes at or under an address (one language)
//
// Files are named <out>/<engine>/<width>_<route>.png, so the same page in two engines sits at the
// same name in two folders. It prints the fixed header's height on each route and width. The
// engines are those of the journeys (scripts/engines/browsers.ts); one that is not installed is
// skipped with the reason, and the script then exits with 1.
//
// Full page, the same way in every engine, so that what differs is the engine's, not the
// capture's: the viewport is made as tall as the page, a screenshot of the viewport is taken, and
// the viewport is restored. WebKit, driven over classic WebDriver, has only screenshots of the
// viewport (its screenshot of an element, even of <html>, is cut at the viewport too), and
// playwright's fullPage in Chromium and Firefox draws beyond the viewport without growing it:
// the sections that lay out only when near the viewport (content-visibility: auto) came out
// blank, and the fixed call bar sat mid-page where the viewport ended. With the tall viewport
// every section is in view and laid out, and fixed elements sit where they would at the top and
// bottom of the page. (Stitching viewport-sized pieces while scrolling was not chosen: the fixed
// header and call bar would repeat in every piece, and the page's height changes as sections lay
// out while it scrolls.)
// A taller viewport would also lengthen whatever is sized in viewport units (main's 60vh minimum
// height would grow with it), so before the resize every length a style sheet gives in viewport
// units is pinned, inline, to its value at the ordinary viewport (800 px high on a phone, 900 on
// a desktop); the header's height is read before as well.
// WebKit's window draws black past about 16,000 px (here a home page at 375 px is 17,600): a page
// taller than that is written in pieces, each a viewport scrolled to (375_es.png, 375_es-2.png).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Client } from 'webdriver'
import { startSiteServer } from '../server/site-server.ts'
import {
  ENGINES,
  type Engine,
  launchPlaywright,
  missing,
  type Size,
  setWebKitViewport,
  startWebKitDriver,
} from './engines/browsers.ts'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'chromium' },
    widths: { type: 'string', default: '375,1280' },
    out: { type: 'string', default: 'screenshots' },
    under: { type: 'string', default: '/' },
  },
})
const widths = values.widths.split(',').map(Number)
if (widths.some((w) => !Number.isInteger(w) || w < 200))
  throw new Error(`--widths takes pixel widths separated by commas, e.g. 375,1280 (got "${values.widths}")`)
const engines = values.engine === 'all' ? ENGINES : (values.engine.split(',') as Engine[])
if (engines.some((e) => !ENGINES.includes(e)))
  throw new Error(
    `--engine takes ${ENGINES.join(', ')}, a list of them separated by commas, or all (got "${values.engine}")`,
  )

const distDir = resolve('dist')
let sitemap: string
try {
  sitemap = readFileSync(join(distDir, 'sitemap.xml'), 'utf8')
} catch {
  console.error('dist/sitemap.xml is missing: run `npm run build` first.')
  process.exit(1)
}
const under = values.under.replace(/(.)\/$/, '$1')
const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
  .map((m) => new URL(m[1]).pathname)
  .filter((route) => under === '/' || route === under || route.startsWith(`${under}/`))

const viewport = (width: number): Size => ({ width, height: width < 700 ? 800 : 900 })
const fileName = (route: string) => (route === '/' ? 'home' : route.slice(1).replaceAll('/', '_'))

/** A page in one engine, as the capture needs it. */
type Tab = {
  open(route: string): Promise<void>
  /** Runs a self-contained function in the page and answers its (awaited) value. */
  run<T>(fn: () => T): Promise<Awaited<T>>
  setViewport(size: Size): Promise<void>
  /** Writes a PNG of the viewport. */
  screenshot(file: string): Promise<void>
  /** The tallest viewport the engine draws (WebKit's window draws black past about 16,000 px). */
  maxHeight?: number
  close(): Promise<void>
}

// In the page, run alike in every engine (self-contained functions, passed as source).
/** The app has hydrated the page, and its fonts have loaded. */
const settled = () =>
  document.documentElement.dataset.hydrated === 'true' && document.fonts.status === 'loaded' ? true : null
const headerHeight = () => document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0
/** Every image the page shows has loaded (or failed): after the window grew, the lazy ones load. */
const imagesLoaded = () => ([...document.images].every((img) => img.complete) ? true : null)
/** Two frames drawn: what a change of size brought has been laid out. */
const twoFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))
/** Until `fn` answers a truthy value in the page (checked at every frame), 20 s at most. */
async function waitFor(tab: Tab, fn: () => unknown) {
  for (const deadline = Date.now() + 20_000; !(await tab.run(fn)); await tab.run(twoFrames))
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${fn.toString()}`)
}
/**
 * The page's own height: its root element's box (the scrolling height is at least the viewport's,
 * so it would not shrink once the viewport has grown past a page that got shorter).
 */
const pageHeight = () => Math.ceil(document.documentElement.getBoundingClientRect().height)
/**
 * No animation of a set length is still running (the cards' entrance, which starts once their
 * section is in view: reduced motion, which turns it off, cannot be asked of Firefox over BiDi
 * with playwright 1.64, nor of WebKit over classic WebDriver).
 */
const animationsDone = () =>
  document
    .getAnimations()
    .every((a) => a.playState !== 'running' || !Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
    ? true
    : null
/**
 * Pins, inline, every length a style sheet gives in viewport units to its value now. (No named
 * function inside: tsx would wrap it in a helper the page does not have.)
 */
const pinViewportLengths = () => {
  const units = /[\d.](s|l|d)?v(h|w|i|b|min|max)\b/
  const pins: [HTMLElement, string, string][] = []
  const rules: CSSRule[] = []
  for (const sheet of document.styleSheets)
    try {
      rules.push(...sheet.cssRules)
    } catch {
      // Another origin's sheet: its rules cannot be read.
    }
  for (let rule = rules.pop(); rule; rule = rules.pop()) {
    if ('cssRules' in rule) rules.push(...(rule as CSSGroupingRule).cssRules)
    if (!(rule instanceof CSSStyleRule)) continue
    for (const property of rule.style)
      if (units.test(rule.style.getPropertyValue(property)))
        try {
          for (const element of document.querySelectorAll<HTMLElement>(rule.selectorText))
            pins.push([element, property, getComputedStyle(element).getPropertyValue(property)])
        } catch {
          // A selector querySelectorAll cannot take (a pseudo-element): nothing to pin.
        }
  }
  for (const [element, property, value] of pins) element.style.setProperty(property, value, 'important')
  return pins.length
}

async function shoot(tab: Tab, route: string, width: number, file: string) {
  const base = viewport(width)
  await tab.setViewport(base)
  await tab.open(route)
  await waitFor(tab, settled)
  const header = await tab.run(headerHeight)
  await tab.run(pinViewportLengths)
  // As tall as the page; again until its height holds (sections laid out once in view change
  // it), a few times at most.
  let height = 0
  for (let tries = 0; tries < 5; tries++) {
    const now = await tab.run(pageHeight)
    if (now === height) break
    height = now
    await tab.setViewport({ width, height })
    await tab.run(twoFrames)
  }
  await waitFor(tab, imagesLoaded)
  await waitFor(tab, animationsDone)
  // A page taller than the engine can draw in one piece: in equal pieces, each scrolled to,
  // written as <file>, <file minus .png>-2.png and so on (the fixed header and call bar show in
  // each piece).
  const pieces = Math.ceil(height / (tab.maxHeight ?? height))
  if (pieces > 1) {
    // No scrollbar drawn over the page's right edge now that it scrolls.
    await tab.run(() => document.documentElement.style.setProperty('scrollbar-width', 'none'))
    await tab.setViewport({ width, height: Math.ceil(height / pieces) })
  }
  const files = []
  for (let piece = 0; piece < pieces; piece++) {
    const name = piece === 0 ? file : file.replace(/\.png$/, `-${piece + 1}.png`)
    if (piece > 0) {
      await tab.run(() => scrollBy(0, innerHeight))
      await tab.run(twoFrames)
      await waitFor(tab, imagesLoaded)
      await waitFor(tab, animationsDone)
    }
    await tab.screenshot(name)
    files.push(name)
  }
  await tab.setViewport(base)
  return { header, files }
}

async function playwrightTab(engine: 'chromium' | 'firefox', baseURL: string): Promise<Tab> {
  const browser = await launchPlaywright(engine)
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', serviceWorkers: 'block' })
  const page = await context.newPage()
  return {
    open: async (route) => {
      await page.goto(route)
    },
    run: (fn) => page.evaluate(fn) as Promise<Awaited<ReturnType<typeof fn>>>,
    setViewport: (size) => page.setViewportSize(size),
    screenshot: async (file) => {
      await page.screenshot({ path: file })
    },
    close: () => browser.close(),
  }
}

async function webKitTab(baseURL: string): Promise<Tab> {
  const webkit = await startWebKitDriver()
  let client: Client
  try {
    client = await webkit.newSession()
  } catch (error) {
    await webkit.close()
    throw error
  }
  // The window's toolbar, around the viewport, measured once per width.
  let chrome: Size | undefined
  let width = 0
  return {
    open: (route) => client.navigateTo(baseURL + route).then(() => {}),
    run: (fn) => client.executeScript(`return (${fn.toString()})()`, []),
    async setViewport(size) {
      if (!chrome || size.width !== width) chrome = await setWebKitViewport(client, size)
      else await client.setWindowRect(0, 0, size.width + chrome.width, size.height + chrome.height)
      width = size.width
    },
    screenshot: async (file) => writeFileSync(file, Buffer.from(await client.takeScreenshot(), 'base64')),
    // Seen here: a window 11,222 px high drawn, one 17,008 px high all black.
    maxHeight: 16_000,
    async close() {
      await client.deleteSession().catch(() => {})
      await webkit.close()
    },
  }
}

const outDir = resolve(values.out)
const dataRoot = mkdtempSync(join(tmpdir(), 'screenshots-'))
const site = await startSiteServer({ distDir, dataDir: join(dataRoot, 'pglite'), port: 0, host: '127.0.0.1' })
const address = site.server.address()
const baseURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

try {
  for (const engine of engines) {
    const why = missing(engine)
    if (why) {
      console.error(`${engine}: skipped, ${why}`)
      process.exitCode = 1
      continue
    }
    const tab = engine === 'webkit' ? await webKitTab(baseURL) : await playwrightTab(engine, baseURL)
    try {
      const dir = join(outDir, engine)
      mkdirSync(dir, { recursive: true })
      for (const width of widths)
        for (const route of routes) {
          const file = join(dir, `${width}_${fileName(route)}.png`)
          const { header, files } = await shoot(tab, route, width, file)
          console.log(`${engine}  ${width} px  header ${header} px  ${route}  ->  ${files.join(', ')}`)
        }
    } finally {
      await tab.close()
    }
  }
} finally {
  await site.close()
  rmSync(dataRoot, { recursive: true, force: true })
}

// Headless Debian Chromium driven by the playwright package, with every console error, warning and
// page error collected so tests can assert a clean console.
import type { Browser, BrowserContextOptions, Page } from 'playwright'
import { afterAll, beforeAll, inject, onTestFinished, TestRunner } from 'vitest'
import { launchChromium } from '../../scripts/engines/browsers'

/** Which of the site servers (tests/e2e/global-setup.ts starts one per worker) is this worker's. */
const worker = () => (Math.max(1, Number(process.env.VITEST_POOL_ID) || 1) - 1) % inject('baseURLs').length
/** This worker's site server. */
export const baseURL = () => inject('baseURLs')[worker()]
/** Where the test set-up answers what its backend stored (tests/e2e/submissions.ts). */
export const submissionsURL = () => inject('submissionsURLs')[worker()]

/** Headless Debian Chromium (its launcher is shared with npm run screenshots and the three-engine journeys). */
export const launchBrowser = launchChromium

/** Chromium for this test file, as its beforeAll and afterAll: `use` is given it once it runs. */
export function browserForThisFile(use: (browser: Browser) => void) {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
    use(browser)
  })
  afterAll(async () => {
    await browser?.close()
  })
}

export type ConsoleEntry = { type: string; text: string }

/**
 * A new window (browser context) and its page. Opened by a test, it is closed when that test
 * ends: a page left open goes on working (an editor's page and its preview frames redraw on
 * every file a later test saves). Opened by a hook, it lasts until its browser is closed.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}) {
  // The service worker is kept out unless a test is about it: requests it makes would
  // bypass page.route() interception.
  const context = await browser.newContext({ baseURL: baseURL(), serviceWorkers: 'block', ...options })
  if (TestRunner.getCurrentTest()) onTestFinished(() => context.close())
  const page = await context.newPage()
  const console: ConsoleEntry[] = []
  page.on('console', (m) => {
    // Playwright's own notice when a test keeps the service worker out is not the site's.
    if (m.text().includes('blocked by Playwright')) return
    if (m.type() === 'error' || m.type() === 'warning') console.push({ type: m.type(), text: m.text() })
  })
  page.on('pageerror', (e) => console.push({ type: 'pageerror', text: e.message }))
  return { page, console, context }
}

/**
 * Brings the page to the state a visitor's first input leaves it in: every section laid out at
 * its real height (src/app/boot.js defers the sections after the first until then, and a key lays
 * them all out at once; Shift does nothing else). Until then each counts as an estimate, and a
 * measure of positions (axe's target-size, the page's height) depends on which ones the browser
 * happened to lay out.
 */
export async function layOutEverySection(page: Page) {
  await page.keyboard.press('Shift')
  await page.waitForFunction(everySectionLaidOut)
}

/** In the page: whether every section is laid out at its real height (no longer a placeholder). */
export const everySectionLaidOut = () =>
  [...document.querySelectorAll('main > .block')].every((s) => getComputedStyle(s).contentVisibility === 'visible')

/** Waits until React has hydrated the prerendered page (the router marks it interactive). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path)
  await waitForHydration(page)
  return response
}

/**
 * In the page: a promise of the moment the router marks <html> hydrated (at once if it has), seen
 * by watching that attribute; it fails after 30 s, as page.waitForFunction would.
 */
const WHEN_HYDRATED = `new Promise((hydrated, failed) => {
  const root = document.documentElement
  if (root.dataset.hydrated === 'true') return hydrated()
  const late = setTimeout(() => failed(new Error('the page was not hydrated within 30 s')), 30000)
  new MutationObserver((_, watch) => {
    if (root.dataset.hydrated !== 'true') return
    watch.disconnect()
    clearTimeout(late)
    hydrated()
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] })
})`

/**
 * Waits until React has hydrated the page open. Not by page.waitForFunction, which asks the page
 * at every animation frame and so makes it draw one frame after another while it waits: measured
 * side by side on 40 loads of 8 pages, a load and its wait took 104 against 130 ms of Chromium's
 * CPU, 20 against 25 ms of the test process's and 83 against 102 ms of wall time.
 */
export async function waitForHydration(page: Page) {
  try {
    await page.evaluate(WHEN_HYDRATED)
  } catch (error) {
    // The page navigated meanwhile (its document, and the promise, are gone): wait in the new one.
    if (!/Execution context was destroyed|navigat/i.test(String(error))) throw error
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  }
}

/**
 * The visitor switches to another tab and back: the browser hides the page (the counting code
 * sends its events then, and web-vitals reports) and shows it again. Shown again, because
 * web-vitals loads after hydration and reports nothing but TTFB for a page it first sees hidden
 * (a page in the background has no paint times that are the visitor's).
 */
export const switchTabAwayAndBack = (page: Page) =>
  page.evaluate(() => {
    const set = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' })
      document.dispatchEvent(new Event('visibilitychange'))
    }
    set('hidden')
    set('visible')
  })

/**
 * The one key the site leaves in a tab's session storage after a plain visit: TanStack Router's
 * scroll positions, for Back (the privacy page says so). It holds no answer and no identifier.
 */
export const ROUTER_SCROLL_KEY = 'tsr-scroll-restoration-v1_3'

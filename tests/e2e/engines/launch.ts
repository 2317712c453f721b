// Opens pages for the journeys in each engine, over the shared launchers of
// scripts/engines/browsers.ts (also used by npm run screenshots): Chromium and Firefox ESR through
// playwright, WebKit (WebKitGTK's MiniBrowser) through WebKitWebDriver under xvfb-run.
import type { Page } from 'playwright'
import type { Client } from 'webdriver'
import {
  type Engine,
  launchPlaywright,
  type Size,
  setWebKitViewport,
  startWebKitDriver,
} from '../../../scripts/engines/browsers'
import { type Driver, playwrightDriver, webDriverDriver } from './driver'

/** A running engine, opening one fresh, isolated page (a driver) per journey. */
export type EngineSession = { open(size: Size, options?: OpenOptions): Promise<Driver>; close(): Promise<void> }
export type OpenOptions = {
  /**
   * Turns CSS scroll anchoring off in an engine that has it, as WebKit has none: so Chromium
   * checks that what the page does itself keeps the view in place.
   */
  noScrollAnchoring?: boolean
}

export async function startEngine(engine: Engine, baseURL: string): Promise<EngineSession> {
  if (engine === 'webkit') return startWebKit(baseURL)
  const browser = await launchPlaywright(engine)
  // One page for the journeys, each opening its address anew (a new context each costs seconds
  // here); a journey that changes the page's own set-up gets a fresh one.
  let shared: Driver | undefined
  let sharedPage: Page | undefined
  const fresh = async (viewport: Size, options: OpenOptions) => {
    // The service worker is kept out, as in the other browser tests.
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
    const page = await context.newPage()
    if (options.noScrollAnchoring)
      // A sheet adopted by the document before any of it is parsed (there is no <html> yet).
      await page.addInitScript(() => {
        const sheet = new CSSStyleSheet()
        sheet.replaceSync('html { overflow-anchor: none }')
        document.adoptedStyleSheets = [sheet]
      })
    return { page, driver: playwrightDriver(engine, page, baseURL) }
  }
  return {
    async open(viewport, options = {}) {
      if (options.noScrollAnchoring) return (await fresh(viewport, options)).driver
      if (!shared) {
        const { page, driver } = await fresh(viewport, options)
        shared = { ...driver, close: async () => {} }
        sharedPage = page
      }
      await sharedPage?.setViewportSize(viewport)
      return shared
    },
    close: () => browser.close(),
  }
}

async function startWebKit(baseURL: string): Promise<EngineSession> {
  const webkit = await startWebKitDriver()
  // One browser session for all the journeys (MiniBrowser takes seconds to start): each journey
  // opens its page anew, and the window is resized only when a journey needs another size.
  let client: Client | undefined
  let size = ''
  return {
    async open({ width, height }) {
      client ??= await webkit.newSession()
      if (size !== `${width}x${height}`) {
        await setWebKitViewport(client, { width, height })
        size = `${width}x${height}`
      }
      return webDriverDriver(client, baseURL)
    },
    async close() {
      await client?.deleteSession().catch(() => {})
      await webkit.close()
    },
  }
}

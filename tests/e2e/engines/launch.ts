// Starts each engine the journeys run in, all three from Debian (scripts/ensure-chromium.sh and
// scripts/ensure-engines.sh install them):
// - Chromium: /usr/bin/chromium through the playwright package, as every other browser test;
// - Firefox: Debian's firefox-esr through playwright's moz-firefox channel (WebDriver BiDi);
// - WebKit: WebKitGTK's WebKitWebDriver, which drives MiniBrowser, under xvfb-run (MiniBrowser
//   has no headless mode), through the `webdriver` package (the WebDriver client of webdriverio).
//
// Firefox is driven by playwright 1.64.1, installed beside the project's playwright as the alias
// `playwright-firefox`: playwright 1.65 sends emulation.setMediaFeaturesOverride (its default
// colour scheme) to every new context, a WebDriver BiDi command that Firefox ESR 153 does not
// know, so newContext() fails with "unknown command". 1.64 does not send it.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import type { Browser, Page } from 'playwright'
import { firefox } from 'playwright-firefox'
import WebDriver, { type Client } from 'webdriver'
import { launchBrowser } from '../browser'
import { type Driver, type Engine, playwrightDriver, webDriverDriver } from './driver'

export const ENGINES: Engine[] = ['chromium', 'firefox', 'webkit']

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
const MINIBROWSER = [
  process.env.MINIBROWSER_PATH,
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
].find((p): p is string => !!p && existsSync(p))
const onPath = (command: string) => (process.env.PATH ?? '').split(':').some((dir) => existsSync(`${dir}/${command}`))

/** Why an engine cannot run here, or null when it can. */
export function missing(engine: Engine): string | null {
  const install = 'run scripts/ensure-engines.sh (as root it installs them with apt)'
  if (engine === 'firefox' && !existsSync(FIREFOX)) return `Firefox ESR not found at ${FIREFOX}: ${install}`
  if (engine === 'webkit') {
    if (!existsSync(WEBKIT_DRIVER)) return `WebKitWebDriver not found at ${WEBKIT_DRIVER}: ${install}`
    if (!MINIBROWSER) return `WebKitGTK's MiniBrowser not found: ${install}`
    if (!onPath('xvfb-run')) return `xvfb-run not found (MiniBrowser needs a display): ${install}`
  }
  return null
}

export type Size = { width: number; height: number }

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
  const browser: Browser =
    engine === 'chromium'
      ? await launchBrowser()
      : // Typed as the project's playwright: the calls the driver makes are the same in both versions.
        ((await firefox.launch({ channel: 'moz-firefox', executablePath: FIREFOX })) as unknown as Browser)
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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

async function startWebKit(baseURL: string): Promise<EngineSession> {
  const port = await freePort()
  // Its own process group, so closing ends xvfb-run, Xvfb, the driver and its browsers together.
  const driverProcess: ChildProcess = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1920x1080x24', WEBKIT_DRIVER, `--port=${port}`],
    { detached: true, stdio: 'ignore' },
  )
  const exited = new Promise<void>((resolve) => driverProcess.once('exit', () => resolve()))
  const stop = async () => {
    if (driverProcess.exitCode !== null || !driverProcess.pid) return
    process.kill(-driverProcess.pid, 'SIGTERM')
    await exited
  }
  // Waits for the driver's answer to /status (a condition, polled), a minute at most.
  const deadline = Date.now() + 60_000
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/status`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ready) break
    if (Date.now() > deadline || driverProcess.exitCode !== null) {
      await stop()
      throw new Error(`WebKitWebDriver did not start on port ${port}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // One browser session for all the journeys (MiniBrowser takes seconds to start): each journey
  // opens its page anew, and the window is resized only when a journey needs another size.
  let client: Client | undefined
  let size = ''
  return {
    async open({ width, height }) {
      client ??= await WebDriver.newSession({
        hostname: '127.0.0.1',
        port,
        path: '/',
        logLevel: 'error',
        connectionRetryCount: 0,
        capabilities: {
          // Classic WebDriver: WebKitWebDriver does not offer BiDi (webSocketUrl).
          'wdio:enforceWebDriverClassic': true,
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        } as WebdriverIO.Capabilities,
      })
      if (size !== `${width}x${height}`) {
        // The window's outer size is set so that its viewport gets the size asked for.
        await client.setWindowRect(0, 0, width, height)
        const inner = (await client.executeScript('return [innerWidth, innerHeight]', [])) as [number, number]
        await client.setWindowRect(0, 0, width + (width - inner[0]), height + (height - inner[1]))
        size = `${width}x${height}`
      }
      return webDriverDriver(client, baseURL)
    },
    async close() {
      await client?.deleteSession().catch(() => {})
      await stop()
    },
  }
}

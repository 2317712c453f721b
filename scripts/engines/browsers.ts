// Starts the three browser engines, all from Debian (scripts/ensure-chromium.sh and
// scripts/ensure-engines.sh install them; no browser is downloaded), for the journeys in three
// engines (tests/e2e/engines/launch.ts) and npm run screenshots:
// - Chromium: Debian's chromium-headless-shell (else /usr/bin/chromium) through the playwright
//   package, as every other browser test;
// - Firefox: Debian's firefox-esr through playwright's moz-firefox channel (WebDriver BiDi);
// - WebKit: WebKitGTK's WebKitWebDriver, which drives MiniBrowser, under xvfb-run (MiniBrowser
//   has no headless mode), through the `webdriver` package (the WebDriver client of webdriverio).
//
// Firefox is driven by playwright 1.64.1, installed beside the project's playwright as the alias
// `playwright-firefox`: playwright 1.65 sends emulation.setMediaFeaturesOverride (its default
// colour scheme) to every new context, a WebDriver BiDi command that Firefox ESR 153 does not
// know, so newContext() fails with "unknown command". 1.64 does not send it.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright'
// playwright-firefox and webdriver are imported when Firefox or WebKit is started: most of the
// browser tests use Chromium alone, and each test file would otherwise load both (about a second).
import type { Client } from 'webdriver'

export type Engine = 'chromium' | 'firefox' | 'webkit'
export const ENGINES: Engine[] = ['chromium', 'firefox', 'webkit']

/**
 * Debian's chromium-headless-shell (the old headless mode, the same Blink, what Playwright itself
 * runs headless by default) when installed, else the full chromium in its new headless mode: for
 * the same page and Tab presses the shell took 15 to 35 % less CPU (axe on a page 1.2 s against
 * 1.4 s, a Tab press of the focus walk 18 against 22 to 29 ms) and launches faster.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')
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
  if (engine === 'chromium' && !existsSync(CHROMIUM))
    return `Chromium not found at ${CHROMIUM}: run scripts/ensure-chromium.sh`
  if (engine === 'firefox' && !existsSync(FIREFOX)) return `Firefox ESR not found at ${FIREFOX}: ${install}`
  if (engine === 'webkit') {
    if (!existsSync(WEBKIT_DRIVER)) return `WebKitWebDriver not found at ${WEBKIT_DRIVER}: ${install}`
    if (!MINIBROWSER) return `WebKitGTK's MiniBrowser not found: ${install}`
    if (!onPath('xvfb-run')) return `xvfb-run not found (MiniBrowser needs a display): ${install}`
  }
  return null
}

/** Chromium's flags for tests and benches: no sandbox (containers), no GPU, nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Headless Debian Chromium through the playwright package. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
}

/** Chromium or Firefox ESR, as a playwright Browser. */
export async function launchPlaywright(engine: 'chromium' | 'firefox'): Promise<Browser> {
  if (engine === 'chromium') return launchChromium()
  const { firefox } = await import('playwright-firefox')
  // Typed as the project's playwright: the calls made on it are the same in both versions.
  // Scrollbars over the page, as on a phone and in headless Chromium: with Firefox's classic ones
  // a 375 px viewport laid the page out at 363 px.
  return firefox.launch({
    channel: 'moz-firefox',
    executablePath: FIREFOX,
    firefoxUserPrefs: { 'ui.useOverlayScrollbars': 1 },
  }) as unknown as Promise<Browser>
}

export type Size = { width: number; height: number }

/** A running WebKitWebDriver: sessions (MiniBrowser windows) are opened on it. */
export type WebKitDriver = { newSession(): Promise<Client>; close(): Promise<void> }

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

/**
 * Starts WebKitWebDriver on a virtual 1920 × 1080 screen. (With no window manager there, a window
 * may still be taller than the screen: npm run screenshots makes one as tall as the page.)
 */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  const port = await freePort()
  // MiniBrowser's toolbar keeps its window at least 447 px wide, so a 375 px viewport came out
  // 447 px: a GTK style sheet (in a configuration folder of its own) lets the toolbar's buttons
  // and address field shrink, and the window narrow to a phone's width.
  const config = mkdtempSync(join(tmpdir(), 'minibrowser-'))
  mkdirSync(join(config, 'gtk-3.0'))
  writeFileSync(
    join(config, 'gtk-3.0', 'gtk.css'),
    '* { min-width: 0; padding-left: 0; padding-right: 0; margin-left: 0; margin-right: 0 }\n',
  )
  // Its own process group, so closing ends xvfb-run, Xvfb, the driver and its browsers together.
  // - TMPDIR: xvfb-run's temporary folder (its X authority) inside the configuration folder,
  //   removed with it; ended by a signal, xvfb-run leaves its own behind.
  // - WEBKIT_DISABLE_COMPOSITING_MODE: WebKit paints the page itself instead of compositing
  //   layers through OpenGL, which without a GPU (Xvfb) is Mesa's software renderer emulating
  //   one: the same layout, scrolling and script, about half the web process's CPU (21.5 against
  //   11.8 s for the 15 WebKit journeys).
  const driverProcess: ChildProcess = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1920x1080x24', WEBKIT_DRIVER, `--port=${port}`],
    {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, XDG_CONFIG_HOME: config, TMPDIR: config, WEBKIT_DISABLE_COMPOSITING_MODE: '1' },
    },
  )
  const exited = new Promise<void>((resolve) => driverProcess.once('exit', () => resolve()))
  const stop = async () => {
    if (driverProcess.exitCode === null && driverProcess.pid) {
      process.kill(-driverProcess.pid, 'SIGTERM')
      await exited
    }
    rmSync(config, { recursive: true, force: true })
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
  const { default: WebDriver } = await import('webdriver')
  return {
    newSession: () =>
      WebDriver.newSession({
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
      }),
    close: stop,
  }
}

/**
 * Sets the window's outer size so that its viewport (innerWidth × innerHeight) is `size`, and
 * answers the size of the window's own parts around the viewport (its toolbar).
 */
export async function setWebKitViewport(client: Client, { width, height }: Size): Promise<Size> {
  // The window's new size reaches the page a little after setWindowRect answers: the page's
  // inner size is read once it has changed (or after 2 s, when the size was already that), and
  // the window corrected by what its frame takes until the page is the size asked for. Reading
  // it at once could still give the previous size (a 375 px request once became 430 px).
  let chrome = { width: 0, height: 0 }
  for (let attempt = 0; attempt < 5; attempt++) {
    await client.executeScript('window.__sizeBefore = [innerWidth, innerHeight]', [])
    await client.setWindowRect(0, 0, width + chrome.width, height + chrome.height)
    const inner = (await client.executeAsyncScript(
      `const done = arguments[0], before = window.__sizeBefore, end = Date.now() + 2000
      const tick = () => {
        const now = [innerWidth, innerHeight]
        if (now[0] !== before[0] || now[1] !== before[1] || Date.now() > end) requestAnimationFrame(() => done([innerWidth, innerHeight]))
        else requestAnimationFrame(tick)
      }
      tick()`,
      [],
    )) as [number, number]
    if (inner[0] === width && inner[1] === height) return chrome
    chrome = { width: chrome.width + width - inner[0], height: chrome.height + height - inner[1] }
  }
  throw new Error(`WebKit's page did not become ${width}×${height} px`)
}

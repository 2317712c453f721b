// Headless Debian Chromium driven by the playwright package, with every console error, warning and
// page error collected so tests can assert a clean console.
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright'
import { inject } from 'vitest'

export const baseURL = () => inject('baseURL')

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export type ConsoleEntry = { type: string; text: string }

export async function openPage(browser: Browser, options: BrowserContextOptions = {}) {
  // The service worker is kept out unless a test is about it: requests it makes would
  // bypass page.route() interception.
  const context = await browser.newContext({ baseURL: baseURL(), serviceWorkers: 'block', ...options })
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

/** Waits until React has hydrated the prerendered page (the router marks it interactive). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  return response
}

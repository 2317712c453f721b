// Every script a page runs as soon as it has it (the app's start, the router, React, the blocks,
// a form once its visitor reaches it) carries V8's explicit compile hint at its top, so Chromium
// compiles its functions on a background thread while it streams in instead of one by one on the
// main thread at their first call. React DOM's client does not: most of it never runs at
// hydration, and its evaluation grew longer with the hint (src/vite/compile-hints.ts). Nor does the boot
// script's own small file that lays out the later sections (src/app/lay-out-sections.js), which
// is not the app's and runs at the first input and in idle moments.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, openPage } from './browser'

const HINT = '//# allFunctionsCalledOnLoad\n'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The built scripts a page fetches, by file name, with the code served. */
function builtScriptsOf(page: Page) {
  const scripts = new Map<string, Promise<string>>()
  page.on('response', (response) => {
    const file = new URL(response.url()).pathname.match(/^\/assets\/([^/]+\.js)$/)?.[1]
    if (file && response.request().resourceType() === 'script') scripts.set(file, response.text())
  })
  return scripts
}

describe('the compile hint', () => {
  it('tops every script of the app the contact page and its form run, React DOM’s client excepted', async () => {
    const { page } = await openPage(browser)
    const scripts = builtScriptsOf(page)
    await gotoHydrated(page, '/contact-us')
    // The visitor turns to the form: its code loads and runs.
    await page.locator('form.schema-form input:not([type="hidden"])').first().focus()
    await page.locator('form.schema-form[data-enhanced="true"]').waitFor()
    await page.waitForLoadState('networkidle')

    const { app: reactDomClient, sections } = await page.evaluate(() => ({
      ...document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset,
    }))
    expect(reactDomClient).toMatch(/^\/assets\/client-[^/]+\.js$/)
    const unhinted = [reactDomClient, sections]
    const files = [...scripts.keys()]
    // The app's start (entry, React, the router), React DOM, a block and the form's own chunk.
    expect(files.length).toBeGreaterThanOrEqual(5)
    expect(files.some((f) => /^JsonSchemaForm-/.test(f))).toBe(true)
    for (const [file, code] of scripts) {
      const hinted = (await code).startsWith(HINT)
      expect(hinted, file).toBe(!unhinted.includes(`/assets/${file}`))
    }
  })
})

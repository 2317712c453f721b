// On a phone-wide window, one press of End lands at the very end of the longest page, footer
// included. The first frame lays out only the sections near the viewport (content-visibility);
// the boot script lays the others out from the visitor's first input on (a key: all at once, before
// its default action), so the page has its real height, which End's smooth scroll needs to stop
// at the right place.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL, launchBrowser, layOutEverySection, openPage, waitForHydration } from './browser'

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true }

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The sitemap's page that is longest at 375 px. */
async function longestPage(): Promise<string> {
  const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text()
  const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1])
  const { page, context } = await openPage(browser, PHONE)
  const heights: [string, number][] = []
  for (const route of routes) {
    await page.goto(route)
    await waitForHydration(page)
    await layOutEverySection(page)
    heights.push([route, await page.evaluate(() => document.documentElement.scrollHeight)])
  }
  await context.close()
  return heights.sort((a, b) => b[1] - a[1])[0][0]
}

const distanceToTheEnd = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight - Math.ceil(scrollY + innerHeight))

describe('the End key', () => {
  it('reaches the end of the longest page in one press at 375 px', async () => {
    const path = await longestPage()
    const { page, console } = await openPage(browser, PHONE)
    await page.goto(path)
    await waitForHydration(page)
    // Nothing laid out the deferred sections before the visitor's first input.
    await expect(
      page.evaluate(() =>
        [...document.querySelectorAll('main > .block')].some((s) => getComputedStyle(s).contentVisibility === 'auto'),
      ),
    ).resolves.toBe(true)
    expect(await distanceToTheEnd(page)).toBeGreaterThan(5000)

    await page.evaluate(() => {
      ;(window as unknown as { scrolled: Promise<void> }).scrolled = new Promise((done) =>
        addEventListener('scrollend', () => done(), { once: true }),
      )
    })
    await page.keyboard.press('End')
    await page.evaluate(() => (window as unknown as { scrolled: Promise<void> }).scrolled)
    expect(await distanceToTheEnd(page), path).toBeLessThanOrEqual(1)
    expect(console).toEqual([])
  })
})

// The pages a visitor is likely to open next (the services listing, the contact page, the first
// two services, in the page's language) are fetched as data once the app is idle, and nothing
// but the page itself is on the way to its first paint: no prefetch in the HTML, and the script
// that lays out the later sections only once the page has painted. A tap on one of those pages
// then shows it without waiting for the network.
import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataUrlOf, pageFileOf } from '../../src/content/addresses'
import { loadContent } from '../../src/engine/content-store'
import { gotoHydrated, launchBrowser, openPage } from './browser'

const content = loadContent(process.cwd())

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const built = (address: string) => readFileSync(`dist/${pageFileOf(address)}`, 'utf8')

/** The likely next pages of a language, from its site.yaml (a page, not the place in it a link names). */
function likelyNext(locale: string) {
  const site = content.sites.get(locale)!
  const hrefs = [site.nav.services.href, site.nav.cta.href, ...site.services.slice(0, 2).map((s) => s.href)]
  return hrefs.map((href) => href.split('#')[0])
}

describe('the pages a visitor is likely to open next', () => {
  it.each([
    ['/', 'en'],
    ['/es', 'es'],
  ])('%s fetches their data after it has painted, and nothing before', async (path, locale) => {
    const { page, console } = await openPage(browser, { viewport: { width: 375, height: 800 } })
    const next = likelyNext(locale)
    const fetched = Promise.all(next.map((address) => page.waitForRequest((r) => r.url().endsWith(dataUrlOf(address)))))
    await gotoHydrated(page, path)
    await fetched

    expect(built(path)).not.toContain('rel="prefetch"')
    // Every request the page made started after its first paint (the page itself aside).
    const { firstPaint, early } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0].startTime
      return {
        firstPaint: paint,
        early: performance
          .getEntriesByType('resource')
          // The page's own parts: its images, what its stylesheet asks for, its icon.
          .filter(
            (r) => r.startTime < paint && !['img', 'css'].includes((r as PerformanceResourceTiming).initiatorType),
          )
          .filter((r) => r.name !== document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href)
          .map((r) => r.name),
      }
    })
    expect(firstPaint).toBeGreaterThan(0)
    expect(early, early.join(' ')).toEqual([])

    // A tap on the first of them shows it without another request for its data.
    const again: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/_data/')) again.push(r.url())
    })
    const link = page.locator(next.map((address) => `a[href="${address}"]:visible`).join(', ')).first()
    const target = (await link.getAttribute('href'))!
    await link.click()
    const title = /<title>([^<]*)<\/title>/.exec(built(target))![1].replace(/&amp;/g, '&')
    await page.waitForFunction((expected) => document.title === expected, title)
    expect(again).toEqual([])
    expect(console).toEqual([])
  })
})

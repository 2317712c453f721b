// Client-side navigation as a screen-reader user meets it: the new page's title is announced
// in a polite live region and focus moves to its h1, with the scroll at the top; back and
// forward restore the scroll position instead; the first load announces nothing.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContent } from '../../src/engine/content-store'
import { gotoHydrated, launchBrowser, openPage } from './browser'

const titles = new Map(loadContent(process.cwd()).pages.map((p) => [p.path, p.meta.title]))

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const announcer = (page: Page) => page.locator('[aria-live="polite"][data-route-announcer]')
const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    return el?.tagName === 'H1' ? { text: el.textContent, tabIndex: (el as HTMLElement).tabIndex } : el?.tagName
  })
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))

describe('the route announcer', () => {
  it('is silent on the first load', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } })
    await gotoHydrated(page, '/services')
    await expect(announcer(page).getAttribute('aria-atomic')).resolves.toBe('true')
    await expect(announcer(page).textContent()).resolves.toBe('')
  })

  it('announces the title and focuses the h1 at the top after a link is followed; back and forward restore the scroll', async () => {
    const { page, console } = await openPage(browser, { viewport: { width: 1280, height: 800 } })
    await gotoHydrated(page, '/')
    await page.evaluate(() => window.scrollTo(0, 1500))
    await expect.poll(() => scrollY(page)).toBe(1500)

    const link = page.locator('main a[href="/services/executive-protection"]').first()
    await link.scrollIntoViewIfNeeded()
    const homeScroll = await scrollY(page)
    expect(homeScroll).toBeGreaterThan(0)
    await link.click()
    await page.waitForURL('**/services/executive-protection')
    const executive = titles.get('/services/executive-protection')!
    await expect.poll(() => announcer(page).textContent()).toBe(executive)
    await expect(focusedHeading(page)).resolves.toEqual({
      text: await page.locator('main h1').textContent(),
      tabIndex: -1,
    })
    await expect(scrollY(page)).resolves.toBe(0)

    // Further down this page, then back: home is where it was left, and is announced.
    await page.evaluate(() => window.scrollTo(0, 900))
    await expect.poll(() => scrollY(page)).toBe(900)
    await page.goBack()
    await expect.poll(() => announcer(page).textContent()).toBe(titles.get('/'))
    await expect.poll(() => scrollY(page)).toBe(homeScroll)
    await expect(focusedHeading(page)).resolves.toMatchObject({ tabIndex: -1 })
    await expect(scrollY(page)).resolves.toBe(homeScroll) // focusing the h1 did not scroll

    await page.goForward()
    await expect.poll(() => announcer(page).textContent()).toBe(executive)
    await expect.poll(() => scrollY(page)).toBe(900)
    expect(console).toEqual([])
  })

  it('on a phone, following a link in the menu lands on the new h1 at the top, not on <body>', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 740 } })
    await gotoHydrated(page, '/about-us')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Insights' }).click()
    await page.waitForURL('**/insights')
    await expect.poll(() => announcer(page).textContent()).toBe(titles.get('/insights'))
    await expect(focusedHeading(page)).resolves.toMatchObject({ tabIndex: -1 })
    await expect(scrollY(page)).resolves.toBe(0)
    // The next Tab continues from the heading, into the page.
    await page.keyboard.press('Tab')
    await expect(page.evaluate(() => !!document.activeElement?.closest('main'))).resolves.toBe(true)
  })
})

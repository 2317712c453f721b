// axe-core with the menus open and the forms in error: no WCAG 2.2 A/AA violation; and the
// check itself. Every route (every page of pages/, the Spanish ones too), wide and narrow, is
// checked by axe in tests/e2e/nothing-hides-focus-or-content.test.ts, in the page its focus walk
// then uses: one load of each page for both.
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeResults, axeViolations, violationLines as violations, WCAG_TAGS } from './axe'
import { gotoHydrated, launchBrowser, layOutEverySection, openPage } from './browser'
import { gotoForm } from './form-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('the check itself', () => {
  // tests/e2e/axe.ts runs axe in the page rather than through AxeBuilder, for half the cost: on a
  // page with faults planted (and the ones axe leaves to a person), both give the same results.
  it('finds what AxeBuilder finds, rule by rule and element by element', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/contact-us')
    await layOutEverySection(page)
    // The counting code marks the document when it starts (when the browser is idle): started
    // between the two runs, it made the <html> each reports differ (once in a fresh clone's run).
    await page.waitForFunction(() => document.documentElement.dataset.measure !== undefined)
    await page.evaluate(() => {
      const main = document.querySelector('main')!
      main.insertAdjacentHTML(
        'beforeend',
        '<img src="/favicon.svg"><button></button><p style="color:#bbb;background:#fff">faint</p><a href="/">  </a>',
      )
    })
    const builder = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
    const ours = await axeResults(page)
    const withoutTime = ({ timestamp: _, ...rest }: typeof ours) => rest
    expect(withoutTime(ours)).toEqual(withoutTime(builder))
    expect(ours.violations.map((v) => v.id)).toEqual(
      expect.arrayContaining(['image-alt', 'button-name', 'color-contrast', 'link-name']),
    )
    expect((await axeViolations(page)).map((v) => v.id)).toEqual(builder.violations.map((v) => v.id))
  })
})

describe('open menus and failed forms', () => {
  it('the mobile menu, open', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    expect(await violations(page)).toEqual([])
  })

  it('the Spanish mobile menu, open', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/es')
    await page.getByRole('button', { name: 'Abrir menú' }).click()
    expect(await violations(page)).toEqual([])
  })

  it('the Spanish not-found page', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/es/no-existe')
    expect(await violations(page)).toEqual([])
  })

  it('at 320 px, the mobile menu open over the action bar', async () => {
    const { page } = await openPage(browser, { viewport: { width: 320, height: 568 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/services/executive-protection')
    await page.getByRole('button', { name: 'Open menu' }).click()
    expect(await violations(page)).toEqual([])
  })

  it('the Services dropdown, opened by hover', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/')
    const services = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' })
    await services.hover()
    await expect.poll(() => services.getAttribute('aria-expanded')).toBe('true')
    expect(await violations(page)).toEqual([])
  })

  it('the Services dropdown, open', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).click()
    expect(await violations(page)).toEqual([])
  })

  it.each([
    ['/contact-us', 'Request Consultation'],
    // The application is in steps: Next checks the first one.
    ['/careers', 'Next'],
  ])('%s after a failed submit', async (path, button) => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
    await gotoForm(page, path)
    await page.getByRole('button', { name: button }).click()
    await page.getByRole('alert').filter({ hasText: 'need your attention' }).waitFor()
    expect(await violations(page)).toEqual([])
  })
})

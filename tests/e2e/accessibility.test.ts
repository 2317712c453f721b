// axe-core on every route (every page of pages/, the Spanish ones too), wide and narrow, with
// the menus open and the forms in error: no WCAG 2.2 A/AA violation.
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContent } from '../../src/engine/content-store'
import { axeResults, axeViolations, WCAG_TAGS } from './axe'
import { gotoHydrated, launchBrowser, layOutEverySection, openPage } from './browser'
import { gotoForm } from './form-helpers'

const routes = loadContent(process.cwd()).pages.map((p) => p.path)

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function violations(page: Page) {
  return (await axeViolations(page)).map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  )
}

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['mobile', { width: 375, height: 800 }],
] as const)('at %s width', (_name, viewport) => {
  let page: Page
  beforeAll(async () => {
    ;({ page } = await openPage(browser, { viewport, reducedMotion: 'reduce' }))
  })

  it.each(routes)('%s has no violation', async (path) => {
    await gotoHydrated(page, path)
    // What a visitor sees, not the sections' estimated places: a related link and the next
    // section's button measured at estimated places once overlapped (target-size).
    await layOutEverySection(page)
    expect(await violations(page)).toEqual([])
  })
})

describe('the check itself', () => {
  // tests/e2e/axe.ts runs axe in the page rather than through AxeBuilder, for half the cost: on a
  // page with faults planted (and the ones axe leaves to a person), both give the same results.
  it('finds what AxeBuilder finds, rule by rule and element by element', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/contact-us')
    await layOutEverySection(page)
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

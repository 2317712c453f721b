// axe-core on every route (every page of pages/, the Spanish ones too), wide and narrow, with
// the menus open and the forms in error: no WCAG 2.2 A/AA violation.
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContent } from '../../src/engine/content-store'
import { gotoHydrated, launchBrowser, layOutEverySection, openPage } from './browser'
import { gotoForm } from './form-helpers'

const routes = loadContent(process.cwd()).pages.map((p) => p.path)
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  return result.violations.map(
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

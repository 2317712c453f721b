import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('shared layout', () => {
  it('hydrates every page without a console error or warning', async () => {
    const { page, console } = await openPage(browser)
    for (const path of ['/', '/services/executive-protection', '/orlando-security-services']) {
      await gotoHydrated(page, path)
    }
    expect(console).toEqual([])
  })

  it('the header has its links, the Services dropdown with 7 services, and Request Protection Now', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 } })
    await gotoHydrated(page, '/')
    const main = page.getByRole('navigation', { name: 'Main' })
    for (const name of ['Home', 'About', 'Insights', 'Join Our Team', 'Contact']) {
      await expect(main.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true)
    }
    await expect(
      page.locator('header').getByRole('link', { name: 'Request Protection Now' }).getAttribute('href'),
    ).resolves.toBe('/contact-us#contact-name')

    // Keyboard only: focus the dropdown button, open it, move down, follow a link.
    const services = main.getByRole('button', { name: 'Services' })
    await expect(services.getAttribute('aria-expanded')).resolves.toBe('false')
    await services.focus()
    await page.keyboard.press('Enter')
    await expect(services.getAttribute('aria-expanded')).resolves.toBe('true')
    const list = page.locator(`#${await services.getAttribute('aria-controls')}`)
    const labels = await list.getByRole('link').allTextContents()
    expect(labels.slice(0, 7)).toEqual([
      'Executive Protection',
      'Event Security',
      'Residential Security',
      'Workplace Security',
      'Maritime Security',
      'Travel Security',
      'Threat Assessment',
    ])
    await page.keyboard.press('ArrowDown')
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Executive Protection')
    await page.keyboard.press('ArrowDown')
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Event Security')
    await page.keyboard.press('Escape')
    await expect(services.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe('Services')
    await page.keyboard.press('ArrowDown')
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Executive Protection')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: /Executive Protection/ }).waitFor()
  })

  it('the mobile menu toggles with aria-expanded and closes when a link is followed', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 800 } })
    await gotoHydrated(page, '/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false')
    await toggle.click()
    const close = page.getByRole('button', { name: 'Close menu' })
    await expect(close.getAttribute('aria-expanded')).resolves.toBe('true')
    const mobile = page.getByRole('navigation', { name: 'Mobile' })
    await expect(mobile.isVisible()).resolves.toBe(true)
    await mobile.getByRole('link', { name: 'Executive Protection' }).click()
    await page.getByRole('heading', { level: 1, name: /Executive Protection/ }).waitFor()
    await expect(page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(mobile.isVisible()).resolves.toBe(false)
  })

  it('the footer has phone, e-mail, location, link columns, three social links in a new tab, licence lines and copyright', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/')
    const footer = page.locator('footer')
    await expect(footer.locator('a[href^="tel:+1407555"]').count()).resolves.toBe(1)
    await expect(footer.locator('a[href^="mailto:"][href$="@example.com"]').count()).resolves.toBe(1)
    await expect(footer.textContent()).resolves.toContain('Windermere, Florida')
    const social = footer.getByRole('navigation', { name: 'Social media' }).getByRole('link')
    await expect(social.count()).resolves.toBe(3)
    for (const link of await social.all()) {
      await expect(link.getAttribute('target')).resolves.toBe('_blank')
      await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer')
    }
    const text = await footer.textContent()
    expect(text).toContain('B 3200642')
    expect(text).toContain('Class G')
    expect(text).toContain('© 2024')
  })

  it('the breadcrumb trail is derived from the path and hidden on the home page', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/services/executive-protection')
    const trail = page.getByRole('navigation', { name: /Breadcrumb/ })
    await expect(trail.getByRole('listitem').allTextContents()).resolves.toEqual([
      'Home',
      'Services',
      'Executive Protection',
    ])
    await expect(trail.locator('[aria-current="page"]').textContent()).resolves.toBe('Executive Protection')
    await gotoHydrated(page, '/')
    await expect(page.getByRole('navigation', { name: /Breadcrumb/ }).count()).resolves.toBe(0)
  })

  // Get Quote leads to the contact form's first field; on a page with a form in its first screen
  // it opens that form there (a-lead-from-the-first-screen-of-a-landing-page.test.ts).
  it('floating Emergency dials the emergency number and Get Quote goes to the contact page', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/orlando-security-services')
    await expect(page.getByRole('link', { name: /^Emergency/ }).getAttribute('href')).resolves.toBe('tel:+14075550142')
    await expect(page.getByRole('link', { name: 'Get Quote' }).getAttribute('href')).resolves.toBe(
      '/contact-us#contact-name',
    )
  })

  it('navigation is client-side after hydration, scrolls to the top and fades the content in after 50 ms', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 700 } })
    await gotoHydrated(page, '/')
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
    await page.evaluate(() => window.scrollTo(0, 1200))
    await page.locator('main a[href="/services/executive-protection"]').first().click()
    await page.getByRole('heading', { level: 1, name: /Executive Protection/ }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/services/executive-protection')
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(1)
    // The router's scroll restoration puts the new page at the top once it has rendered.
    await page.waitForFunction(() => window.scrollY === 0)
    await expect(page.title()).resolves.toContain('Executive Protection')
    const animation = await page
      .locator('main')
      .evaluate((el) => [getComputedStyle(el).animationName, getComputedStyle(el).animationDelay])
    expect(animation).toEqual(['page-in', '0.05s'])
  })

  it('does not fade the first, prerendered load in (its first paint is the page, at full opacity)', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/')
    const main = await page
      .locator('main')
      .evaluate((el) => [getComputedStyle(el).animationName, getComputedStyle(el).opacity, el.className])
    expect(main).toEqual(['none', '1', ''])
    // Nor in the prerendered HTML, which paints before any script runs.
    const html = await (await page.request.get(page.url())).text()
    expect(html.match(/<main [^>]*>/)?.[0]).not.toContain('page-fade')
  })

  it('does not animate under prefers-reduced-motion', async () => {
    const { page } = await openPage(browser, { reducedMotion: 'reduce' })
    await gotoHydrated(page, '/')
    await expect(page.locator('main').evaluate((el) => getComputedStyle(el).animationName)).resolves.toBe('none')
  })
})

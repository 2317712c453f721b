// Start-up behaviours, the Content-Security-Policy in a real browser, and offline support.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, openPage } from './browser'
import { gotoForm } from './form-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function collectCspViolations(page: Page) {
  const violations: string[] = []
  await page.exposeFunction('reportCsp', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCsp: (t: string) => void }).reportCsp(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  return violations
}

describe('start-up', () => {
  it('logs web vitals to the console', async () => {
    const { page } = await openPage(browser)
    const lines: string[] = []
    page.on('console', (m) => lines.push(m.text()))
    await gotoHydrated(page, '/')
    await page.waitForFunction(() => true)
    await expect
      .poll(() => lines.filter((l) => l.startsWith('[web-vitals]')).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2)
    expect(lines.some((l) => l.startsWith('[web-vitals] TTFB'))).toBe(true)
  })

  it('a browser without PerformanceObserver gets one console line and no error', async () => {
    const { page, console: problems } = await openPage(browser)
    const lines: string[] = []
    page.on('console', (m) => lines.push(m.text()))
    await page.addInitScript(() => {
      delete (window as unknown as { PerformanceObserver?: unknown }).PerformanceObserver
    })
    await gotoHydrated(page, '/')
    await expect.poll(() => lines.some((l) => l.includes('not available')), { timeout: 10_000 }).toBe(true)
    expect(problems).toEqual([])
  })

  it('the first image is eager with high priority, the others lazy', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/insights')
    const images = await page
      .locator('main img')
      .evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')]))
    expect(images[0]).toEqual(['eager', 'high'])
    for (const image of images.slice(1)) expect(image[0]).toBe('lazy')
  })
})

describe('Content-Security-Policy', () => {
  it('no page, nor either form after a failed submit, triggers a violation', async () => {
    const { page } = await openPage(browser)
    const violations = await collectCspViolations(page)
    for (const path of [
      '/',
      '/services/executive-protection',
      '/insights',
      '/search?q=orlando',
      '/florida-security-services',
      '/about-us',
    ]) {
      await gotoHydrated(page, path)
    }
    await gotoHydrated(page, '/contact-us')
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await page.getByRole('alert').filter({ hasText: 'need your attention' }).waitFor()
    // The application is in steps once hydrated: Next checks the first one.
    await gotoForm(page, '/careers')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('alert').filter({ hasText: 'need your attention' }).waitFor()
    expect(violations).toEqual([])
  })
})

describe('offline', () => {
  it('after one visit the site works offline, and an unvisited page shows the emergency number', async () => {
    const { page, context } = await openPage(browser, { serviceWorkers: 'allow' })
    await gotoHydrated(page, '/')
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Executive Protection')
    await page.goto('/miami-security-services')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('You Are Offline')
    await expect(page.locator('main a[href="tel:+14075550142"]').count()).resolves.toBeGreaterThan(0)
    await context.setOffline(false)
  })
})

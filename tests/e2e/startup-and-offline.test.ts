// Start-up behaviours, the Content-Security-Policy in a real browser, and offline support.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, openPage, switchTabAwayAndBack } from './browser'
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

type SentEvent = { kind: string; metric?: string }

/** The events the page sends to the collect function, as they leave the browser. */
function collectedEvents(page: Page): SentEvent[] {
  const events: SentEvent[] = []
  page.on('request', (request) => {
    if (!request.url().includes('/functions/v1/collect')) return
    const body = JSON.parse(request.postData() ?? '{}') as { events?: SentEvent[] }
    events.push(...(body.events ?? []))
  })
  return events
}

describe('start-up', () => {
  // Field speed goes to the counting code (src/measure/vitals.ts), which sends it with the page's
  // other events to the collect function when the page is hidden; nothing is logged in production.
  it('reports web vitals, TTFB among them, with the events sent when the page is hidden', async () => {
    const { page } = await openPage(browser)
    const events = collectedEvents(page)
    await gotoHydrated(page, '/')
    await expect
      .poll(async () => {
        await switchTabAwayAndBack(page)
        return events.filter((e) => e.kind === 'vital').length
      })
      .toBeGreaterThanOrEqual(2)
    expect(events.some((e) => e.kind === 'vital' && e.metric === 'TTFB')).toBe(true)
  })

  it('a browser without PerformanceObserver still counts the visit, with no vitals and no error', async () => {
    const { page, console: problems } = await openPage(browser)
    const events = collectedEvents(page)
    await page.addInitScript(() => {
      delete (window as unknown as { PerformanceObserver?: unknown }).PerformanceObserver
    })
    await gotoHydrated(page, '/')
    await expect
      .poll(async () => {
        await switchTabAwayAndBack(page)
        return events.some((e) => e.kind === 'view')
      })
      .toBe(true)
    expect(events.filter((e) => e.kind === 'vital')).toEqual([])
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

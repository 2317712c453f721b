import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL, gotoHydrated, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('redirects, not found and rendering errors', () => {
  it('a redirect in the browser replaces the history entry', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/')
    const before = await page.evaluate(() => history.length)
    await page.evaluate(() => {
      history.pushState({}, '', '/orlando-security')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByRole('heading', { level: 1, name: /Orlando/ }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/orlando-security-services')
    // pushState added one entry; the redirect replaced it instead of adding another.
    await expect(page.evaluate(() => history.length)).resolves.toBe(before + 1)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/')
  })

  it('a redirect is a data file, not code: the bundle holds no redirected address', async () => {
    const { page } = await openPage(browser)
    const scripts: string[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url())
    })
    await gotoHydrated(page, '/')
    const code = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()))
    expect(code.join('\n')).not.toContain('/orlando-security"')
    const data = await fetch(`${baseURL()}/_data/orlando-security.json`)
    await expect(data.json()).resolves.toEqual({ redirect: '/orlando-security-services' })
  })

  it('a redirect from a folder that has no pages is followed in the browser too', async () => {
    // site.yaml's redirects all leave from the top level: this one is served here, as the build
    // writes it (a redirect from /old/florida/orlando would give it this data file).
    const { page } = await openPage(browser)
    await page.route('**/_data/old/florida/orlando.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ redirect: '/orlando-security-services' }),
      }),
    )
    await gotoHydrated(page, '/')
    await page.evaluate(() => {
      history.pushState({}, '', '/old/florida/orlando')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByRole('heading', { level: 1, name: /Orlando/ }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/orlando-security-services')
  })

  it('an unknown address shows the not-found page, answers 404 and logs the path', async () => {
    const { page, console } = await openPage(browser)
    const response = await gotoHydrated(page, '/definitely-missing')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404')
    await expect(page.getByText('Oops! Page not found').isVisible()).resolves.toBe(true)
    await expect(page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/')
    expect(console.some((c) => c.type === 'error' && c.text.includes('/definitely-missing'))).toBe(true)
  })

  it('an unknown address reached by client-side navigation shows the not-found page too', async () => {
    const { page, console } = await openPage(browser)
    await gotoHydrated(page, '/')
    const homeHeading = await page.getByRole('heading', { level: 1 }).textContent()
    for (const address of ['/services/not-a-service', '/no/such/folder']) {
      await page.evaluate((to) => {
        history.pushState({}, '', to)
        dispatchEvent(new PopStateEvent('popstate'))
      }, address)
      await page.getByText('Oops! Page not found').waitFor()
      expect(new URL(page.url()).pathname).toBe(address)
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404')
      await expect(page.title()).resolves.toBe('Page Not Found | Sentinel Shield')
      await expect(page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/')
      expect(console.some((c) => c.type === 'error' && c.text.includes(address))).toBe(true)
      await page.goBack()
      await page.getByText('Oops! Page not found').waitFor({ state: 'detached' })
      expect(new URL(page.url()).pathname).toBe('/')
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(homeHeading)
    }
  })

  it('a rendering failure shows the fallback heading', async () => {
    const { page } = await openPage(browser)
    await page.route('**/_data/services/executive-protection.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          path: '/services/executive-protection',
          meta: { title: 'Broken page title', description: 'x' },
          breadcrumbs: [],
          blocks: [{ type: 'cards', heading: 'Broken', items: null }],
        }),
      }),
    )
    await gotoHydrated(page, '/')
    await page.locator('main a[href="/services/executive-protection"]').first().click()
    const heading = page.getByRole('heading', { name: 'Unexpected Application Error!' })
    await heading.waitFor()
    expect(new URL(page.url()).pathname).toBe('/services/executive-protection')
    await expect(heading.evaluate((h) => h.tagName)).resolves.toBe('H1')
    // The page's own content is gone, and the fallback leads home.
    await expect(page.getByRole('heading', { name: 'Broken' }).count()).resolves.toBe(0)
    await expect(page.getByRole('link', { name: 'home page' }).getAttribute('href')).resolves.toBe('/')
  })
})

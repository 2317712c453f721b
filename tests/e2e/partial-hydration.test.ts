// Partial hydration: a first visit runs only the code of the blocks that hydrate, each when its
// policy says; a tap made before the code arrived is not lost; client-side navigation renders
// every block of every route.
import type { Browser, Page, Route } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL, gotoHydrated, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Holds every request whose path matches until release() is called. */
async function holdRequests(page: Page, pattern: RegExp) {
  const held: Route[] = []
  let released = false
  let requested: () => void
  const firstRequest = new Promise<void>((resolve) => {
    requested = resolve
  })
  await page.route(
    (url) => pattern.test(url.pathname),
    (route) => {
      if (released) return route.continue()
      held.push(route)
      requested()
    },
  )
  return {
    firstRequest,
    release: async () => {
      released = true
      await Promise.all(held.map((r) => r.continue()))
    },
  }
}

/** Paths of the scripts the page requested. */
function scriptsOf(page: Page): Set<string> {
  const scripts = new Set<string>()
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.endsWith('.js')) scripts.add(path)
  })
  return scripts
}

describe('partial hydration', () => {
  it("a static block's code never loads on a first visit, and renders after a client-side navigation", async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } })
    const scripts = scriptsOf(page)
    await gotoHydrated(page, '/about-us')
    await page.waitForLoadState('networkidle')
    expect([...scripts].filter((s) => /\/(Hero|Prose|Stats|Story|Cta|Badges)Block-/.test(s))).toEqual([])
    // A link inside a static block still navigates client-side (no document request).
    let documents = 0
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents++
    })
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
    await page.locator('main .hero a[href="/contact-us"], main .cta a[href="/contact-us"]').first().click()
    await page.getByRole('heading', { level: 1, name: /Confidential Security Consultations/ }).waitFor()
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(1)
    expect(documents).toBe(0)
    expect([...scripts].some((s) => /\/HeroBlock-/.test(s))).toBe(true)
  })

  it('the embedded page data holds only the hydrating blocks, and Back renders the first page whole', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text()
    const embedded = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]) as {
      blocks: { type: string }[]
    }
    const whole = (await (await fetch(`${baseURL()}/_data/index.json`)).json()) as { blocks: { type: string }[] }
    expect(embedded.blocks.map((b) => b.type)).toEqual(whole.blocks.map((b) => b.type))
    // The hero, a static block, is reduced to its type; the FAQ, which hydrates, keeps its props.
    expect(embedded.blocks.find((b) => b.type === 'hero')).toEqual({ type: 'hero' })
    expect(Object.keys(embedded.blocks.find((b) => b.type === 'faq')!).length).toBeGreaterThan(1)

    const { page, console } = await openPage(browser, { viewport: { width: 1280, height: 800 } })
    await gotoHydrated(page, '/')
    const h1 = await page.locator('main h1').innerText()
    const sections = await page.locator('main section').count()
    const heroText = await page.locator('main .hero').first().innerText()
    await page.locator('main .hero a[href="/contact-us"]').first().click()
    await page.getByRole('heading', { level: 1, name: /Confidential Security Consultations/ }).waitFor()
    await page.goBack()
    // Rendered, not hydrated, this time: from the page's whole data, every block as before.
    await page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor()
    await expect(page.locator('main .hero').first().innerText()).resolves.toBe(heroText)
    await expect(page.locator('main section').count()).resolves.toBe(sections)
    expect(console).toEqual([])
  })

  it('while the next page loads, the first page stays as it is: its static blocks are never rendered without their props', async () => {
    const { page, console } = await openPage(browser, { viewport: { width: 1280, height: 800 } })
    // Held from the start: the app fetches the contact page's data once idle, before any tap
    // (a likely next page), and the tap then waits for that request.
    const next = await holdRequests(page, /^\/_data\/contact-us\.json$/)
    await gotoHydrated(page, '/miami-security-services')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click()
    await next.firstRequest
    // The city list (a static block, whose embedded data is its type alone) is still its server HTML.
    await expect(page.locator('main .city-list a').first().isVisible()).resolves.toBe(true)
    await next.release()
    await page.getByRole('heading', { level: 1, name: /Confidential Security Consultations/ }).waitFor()
    expect(console).toEqual([])
  })

  it('a tap on the menu toggle before the app has loaded opens the menu once it has', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 740 } })
    const app = await holdRequests(page, /^\/assets\/index-[^/]+\.js$/)
    // The app is a module script: held, it holds DOMContentLoaded too, so only the start is awaited.
    await page.goto('/', { waitUntil: 'commit' })
    await app.firstRequest
    const toggle = page.locator('header button[aria-expanded]:visible').first()
    await toggle.waitFor()
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false')
    await toggle.click()
    await app.release()
    await page.locator('header button[aria-expanded="true"]:visible').first().waitFor()
  })

  it('a click on an FAQ question before its code has loaded opens the answer once it has', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } })
    const faq = await holdRequests(page, /\/FaqBlock-[^/]+\.js$/)
    await gotoHydrated(page, '/')
    const question = page.locator('.faq__control').first()
    await expect(question.getAttribute('aria-expanded')).resolves.toBe('false')
    await question.click()
    await faq.firstRequest
    await faq.release()
    await page.locator('.faq__control[aria-expanded="true"]').first().waitFor()
    await expect(page.locator('.faq__control').first().getAttribute('aria-expanded')).resolves.toBe('true')
  })

  it('a click on a carousel control before its code has loaded moves the carousel once it has', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' })
    const carousel = await holdRequests(page, /\/TestimonialsBlock-[^/]+\.js$/)
    await gotoHydrated(page, '/')
    const region = page.locator('[aria-roledescription="carousel"]')
    await region.scrollIntoViewIfNeeded()
    await carousel.firstRequest // it came into view
    await region.getByRole('button', { name: /Next testimonial/ }).click()
    await carousel.release()
    await region.locator('[aria-roledescription="slide"][aria-label="2 of 3"]').waitFor({ state: 'visible' })
  })

  it('client-side navigation reaches every route of the sitemap with its blocks rendered', async () => {
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text()
    const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1])
    expect(routes.length).toBeGreaterThan(20)
    const { page, console } = await openPage(browser, { viewport: { width: 1280, height: 800 } })
    await gotoHydrated(page, '/')
    let documents = 0
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents++
    })
    for (const route of routes) {
      const html = await (await fetch(`${baseURL()}${route}`)).text()
      const h1 = /<h1[^>]*>(.*?)<\/h1>/s
        .exec(html)![1]
        .replace(/<[^>]+>/g, '')
        .replace(/&amp;/g, '&')
      const main = /<main[\s\S]*<\/main>/.exec(html)![0]
      const sections = (main.match(/<section /g) ?? []).length
      // What the router does for a followed link or Back: the address changes, it renders.
      await page.evaluate((href) => {
        history.pushState({}, '', href)
        dispatchEvent(new PopStateEvent('popstate'))
      }, route)
      await page.waitForFunction(
        ([path, text]) =>
          window.location.pathname === path && document.querySelector('main h1')?.textContent?.trim() === text.trim(),
        [route, h1] as const,
      )
      await expect(page.locator('main section').count(), route).resolves.toBe(sections)
      // Checked at each address, so a failure names the navigation that raised it.
      expect(console, `console after navigating to ${route}`).toEqual([])
    }
    expect(documents).toBe(0)
  })

  it('leaving the first page while its hydration is still under way raises no error, at any CPU speed', async () => {
    // Under a slow CPU the hydration (a transition) may not have reached the last blocks when the
    // visitor leaves; those must keep their server HTML, not render without their props (#418).
    for (const rate of [4, 6, 8, 12, 16, 20]) {
      const { page, context, console } = await openPage(browser, { viewport: { width: 1280, height: 800 } })
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      await gotoHydrated(page, '/')
      await page.evaluate(() => {
        history.pushState({}, '', '/about-us')
        dispatchEvent(new PopStateEvent('popstate'))
      })
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent?.includes('About'))
      await page.locator('footer').waitFor()
      expect(console, `at ${rate}x`).toEqual([])
      await context.close()
    }
  }, 180_000)
})

// The Spanish site at /es/: every page, the not-found page too, is in Spanish (<html lang="es">
// and none of the English site-wide words in the header, footer, breadcrumbs and buttons), on
// its first load and after a client-side navigation; the language switcher leads to the same
// page in the other language, both ways, with and without JavaScript; search finds Spanish pages.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fillText } from '../../src/content/texts'
import type { SiteConfig } from '../../src/content/types'
import { loadContent } from '../../src/engine/content-store'
import { baseURL, type ConsoleEntry, gotoHydrated, launchBrowser, openPage } from './browser'

const content = loadContent(process.cwd())
const english = content.sites.get('en')!
const spanish = content.sites.get('es')!
const spanishPages = content.pages.filter((p) => p.locale === 'es').map((p) => p.path)

/** What every page shows in words, whatever the page: menus, footer, buttons, breadcrumbs, labels. */
function siteWideWords(site: SiteConfig): string[] {
  const { nav, footer, texts, company, notFound } = site
  return [
    ...nav.links.map((l) => l.label),
    nav.services.label,
    nav.cta.label,
    fillText(texts.header.allServices, { label: nav.services.label }),
    ...footer.columns.flatMap((c) => [c.heading, ...c.links.map((l) => l.label)]),
    ...Object.values(company.credentials)
      .filter((c) => c.footer)
      .map((c) => fillText(texts.footer.credential, { name: c.name })),
    company.description,
    texts.skipLink,
    texts.header.mainNav,
    texts.header.mobileNav,
    texts.header.openMenu,
    texts.header.closeMenu,
    texts.footer.socialNav,
    texts.footer.followUs,
    texts.footer.newTab,
    texts.footer.rights,
    texts.floatingActions.emergency,
    texts.floatingActions.quote,
    texts.breadcrumbs.label,
    texts.breadcrumbs.home,
    notFound.message,
    notFound.linkLabel,
  ]
}

// English words that are not also Spanish ones (Florida, Miami and the company's name are both).
const spanishWords = new Set(siteWideWords(spanish))
const englishOnly = [...new Set(siteWideWords(english))].filter((w) => !spanishWords.has(w))
const asWord = (text: string) =>
  new RegExp(`(?<![\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u')

/**
 * The words of the layout around the content, as shown and as said to screen readers, without
 * the company's names (Sentinel Shield Protective Services is a name in every language).
 */
async function layoutWords(page: Page): Promise<string> {
  const words = (await page.evaluate(`(() => {
    const parts = [...document.querySelectorAll('.skip-link, .site-header, .breadcrumbs, .site-footer, .floating-actions')]
    const labels = [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'))
    return [...parts.map((e) => e.textContent), ...labels].join(' | ')
  })()`)) as string
  const { legalName, name, shortName } = english.company
  return [legalName, name, shortName ?? name].reduce((text, n) => text.replaceAll(n, ''), words)
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('every Spanish page is in Spanish', () => {
  it('the site has the Spanish pages the issue asks for, and English words to look for', () => {
    expect(spanishPages).toEqual(
      expect.arrayContaining([
        '/es',
        '/es/servicios',
        '/es/servicios/proteccion-ejecutiva',
        '/es/seguridad-privada-miami',
        '/es/seguridad-privada-florida',
        '/es/contacto',
        '/es/contacto/gracias',
      ]),
    )
    expect(spanishPages.filter((p) => p.startsWith('/es/servicios/'))).toHaveLength(7)
    expect(englishOnly).toEqual(expect.arrayContaining(['Home', 'Contact', 'Follow Us', 'Get Quote', 'Open menu']))
  })

  // One tab for these visits, as a visitor's (a context and its renderer per page cost 0.44 s of CPU
  // a page against 0.2 s): each test looks at its page's console alone.
  let page: Page
  let console: ConsoleEntry[]
  beforeAll(async () => {
    ;({ page, console } = await openPage(browser, { viewport: { width: 1280, height: 900 } }))
  })

  it.each([...spanishPages, '/es/', '/es/no-existe'])('%s: lang="es", no English site-wide word', async (path) => {
    console.length = 0
    const response = await gotoHydrated(page, path)
    expect(response?.status()).toBe(path === '/es/no-existe' ? 404 : 200)
    expect(await page.locator('html').getAttribute('lang')).toBe('es')
    const words = await layoutWords(page)
    expect(words).toContain(spanish.nav.cta.label)
    expect(englishOnly.filter((w) => asWord(w).test(words))).toEqual([])
    expect(console.filter((c) => c.type !== 'error' || !c.text.includes('404'))).toEqual([])
  })

  it('the Spanish not-found page speaks Spanish and leads to the Spanish home', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/es/no-existe')
    await expect.poll(() => page.title()).toBe(spanish.notFound.title)
    await page.getByRole('link', { name: spanish.notFound.linkLabel }).click()
    await page.waitForURL(`${baseURL()}/es`)
  })

  it('a client-side navigation from English into Spanish changes the language of the layout and the document', async () => {
    const { page, console } = await openPage(browser, { viewport: { width: 1280, height: 900 } })
    await gotoHydrated(page, '/miami-security-services')
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    await page.getByRole('link', { name: 'Español' }).click()
    await page.waitForURL(`${baseURL()}/es/seguridad-privada-miami`)
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es')
    await page.getByRole('navigation', { name: spanish.texts.header.mainNav }).waitFor()
    const words = await layoutWords(page)
    expect(englishOnly.filter((w) => asWord(w).test(words))).toEqual([])
    expect(await page.locator('h1').textContent()).toBe('Protección ejecutiva y seguridad privada en Miami')
    expect(console).toEqual([])
  })
})

describe('the language switcher', () => {
  const pairs = content.pages
    .filter((p) => p.locale === 'en' && p.translations.length)
    .map((p) => [p.path, p.translations[0].path] as const)

  it.each(pairs)('%s ⇄ %s', async (englishPath, spanishPath) => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 800 } })
    await gotoHydrated(page, englishPath)
    await page.getByRole('link', { name: 'Español' }).click()
    await page.waitForURL(baseURL() + spanishPath)
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es')
    await page.getByRole('link', { name: 'English' }).click()
    await page.waitForURL(baseURL() + englishPath)
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en')
  })

  it('says each language in itself, with its lang and hreflang', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/contact-us')
    const link = page.getByRole('link', { name: 'Español' })
    expect(await link.getAttribute('lang')).toBe('es')
    expect(await link.getAttribute('hreflang')).toBe('es')
    expect(await link.getAttribute('href')).toBe('/es/contacto')
  })

  it('is a plain link: without JavaScript it leads to the same page in the other language', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false })
    await page.goto('/es/servicios/seguridad-maritima')
    await page.getByRole('link', { name: 'English' }).click()
    await page.waitForURL(`${baseURL()}/services/maritime-security`)
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
  })

  it('makes up no link where a page has no translation', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/insights/event-security-checklist')
    expect(await page.locator('.language-switcher').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Español' }).count()).toBe(0)
  })
})

describe('search in Spanish', () => {
  it('the Spanish search page finds Spanish pages only, and says so in Spanish', async () => {
    const { page, console } = await openPage(browser)
    await gotoHydrated(page, '/es/buscar?q=Miami')
    const results = page.locator('.search__results a')
    await results.first().waitFor()
    const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs.length).toBeGreaterThan(0)
    expect(hrefs.filter((h) => !h?.startsWith('/es'))).toEqual([])
    expect(hrefs).toContain('/es/seguridad-privada-miami')
    expect(await page.getByRole('status').filter({ hasText: 'resultado' }).textContent()).toMatch(
      /^\d+ resultados? para “Miami”$/,
    )
    expect(await page.getByRole('button', { name: 'Buscar' }).count()).toBe(1)
    expect(console).toEqual([])
  })
})

describe("the Spanish contact form's page without JavaScript", () => {
  it('the address the form function sends a visitor to once stored leads to the Spanish thank-you page', async () => {
    const response = await fetch(`${baseURL()}/es/contacto/thank-you`, { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/es/contacto/gracias')
  })
})

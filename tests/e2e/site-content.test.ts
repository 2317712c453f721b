// Every route of the spec's route table, with the sections and counts the spec gives.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, openPage } from './browser'

let browser: Browser
let page: Page
let consoleEntries: { type: string; text: string }[]
beforeAll(async () => {
  browser = await launchBrowser()
  ;({ page, console: consoleEntries } = await openPage(browser, { viewport: { width: 1280, height: 900 } }))
})
afterAll(async () => {
  await browser?.close()
})

const services = [
  '/services/executive-protection',
  '/services/event-security',
  '/services/residential-security',
  '/services/workplace-security',
  '/services/maritime-security',
  '/services/travel-security',
  '/services/threat-assessment',
]
const articles = [
  'executive-protection-vs-bodyguards',
  'residential-security-high-net-worth',
  'political-campaign-threats-2025',
  'event-security-checklist',
  'workplace-violence-prevention',
  'maritime-yacht-security-2025',
].map((slug) => `/insights/${slug}`)
const routes = [
  '/',
  '/services',
  ...services,
  '/about-us',
  '/contact-us',
  '/careers',
  '/insights',
  ...articles,
  '/search',
  '/florida-security-services',
  '/orlando-security-services',
  '/miami-security-services',
  '/tampa-security-services',
  '/jacksonville-security-services',
]

/** The blocks of the page in order, by their section class. */
const blockKinds = () => page.locator('main > section').evaluateAll((sections) => sections.map((s) => s.classList[2]))
const count = (selector: string) => page.locator(selector).count()
const section = (kind: string, nth = 0) => page.locator(`main > section.${kind}`).nth(nth)

describe('every route renders with one h1 and a clean console', () => {
  it.each(routes)('%s', async (path) => {
    consoleEntries.length = 0
    const response = await gotoHydrated(page, path)
    expect(response?.status()).toBe(200)
    await expect(count('h1')).resolves.toBe(1)
    expect(consoleEntries).toEqual([])
  })
})

describe('home', () => {
  it('has its 14 sections in the spec order', async () => {
    await gotoHydrated(page, '/')
    expect(await blockKinds()).toEqual([
      'hero',
      'badges',
      'cards',
      'cards',
      'service-cards',
      'cards',
      'testimonials',
      'stats',
      'cards',
      'cards',
      'cta',
      'related-links',
      'faq',
      'cta',
    ])
    await expect(section('service-cards').locator('.card').count()).resolves.toBe(3)
    await expect(section('testimonials').locator('figure').count()).resolves.toBe(3)
    const regions = await section('cards', 4).locator('.card__title').allTextContents()
    expect(regions).toEqual(['Central Florida', 'South Florida', 'Tampa Bay', 'North Florida'])
    await expect(
      section('cta')
        .first()
        .evaluate((s) => s.classList.contains('cta--urgent')),
    ).resolves.toBe(true)
    await expect(section('cta').first().locator('a[href="tel:+14075550142"]').count()).resolves.toBe(1)
    await expect(section('related-links').locator('li').count()).resolves.toBe(6)
    await expect(section('faq').locator('.faq__control').count()).resolves.toBe(8)
  })

  // React renders after the (fake) timer fires, so a slide change is awaited, and a slide
  // that must stay is checked once React has done the work already queued: its scheduler
  // runs in MessageChannel tasks (not faked), which come before ours.
  const settle = (p: Page) =>
    p.evaluate(async () => {
      for (let i = 0; i < 3; i++)
        await new Promise<void>((resolve) => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => resolve()
          channel.port2.postMessage(null)
        })
    })
  const slideShown = (p: Page, label: string) =>
    p
      .locator(`[aria-roledescription="carousel"] [aria-roledescription="slide"][aria-label="${label}"]`)
      .waitFor({ state: 'visible', timeout: 3000 })
  // Time stands still until the test moves it: the page's timers run only in runFor().
  const stopClock = async (p: Page) => {
    await p.clock.install({ time: new Date('2026-01-01T00:00:00Z') })
    await p.clock.pauseAt(new Date('2026-01-01T00:00:01Z'))
  }
  // The carousel's code loads when it scrolls into view; a click made meanwhile is replayed,
  // so once Next then Previous have moved it, it is hydrated (and back on the first slide).
  const hydrateCarousel = async (p: Page) => {
    const carousel = p.locator('[aria-roledescription="carousel"]')
    await carousel.scrollIntoViewIfNeeded()
    await carousel.getByRole('button', { name: /Next testimonial/ }).click()
    await slideShown(p, '2 of 3')
    await carousel.getByRole('button', { name: /Previous testimonial/ }).click()
    await slideShown(p, '1 of 3')
    await p.mouse.move(0, 0)
    await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await settle(p)
  }
  const slideStays = async (p: Page, label: string) => {
    await settle(p)
    await expect(
      p
        .locator('[aria-roledescription="carousel"] [aria-roledescription="slide"]:not([hidden])')
        .getAttribute('aria-label'),
    ).resolves.toBe(label)
  }

  it('the testimonials advance every 5000 ms, wrap, and pause', async () => {
    const { page: p } = await openPage(browser)
    await stopClock(p)
    await gotoHydrated(p, '/')
    const carousel = p.locator('[aria-roledescription="carousel"]')
    await hydrateCarousel(p)
    await slideStays(p, '1 of 3')
    await p.clock.runFor(4900)
    await slideStays(p, '1 of 3')
    await p.clock.runFor(200)
    await slideShown(p, '2 of 3')
    await p.clock.runFor(5000)
    await slideShown(p, '3 of 3')
    await p.clock.runFor(5000)
    await slideShown(p, '1 of 3') // wraps
    await carousel.getByRole('button', { name: /Next testimonial/ }).click()
    await slideShown(p, '2 of 3')
    await carousel.getByRole('button', { name: /Previous testimonial/ }).click()
    await slideShown(p, '1 of 3')
    await carousel.getByRole('button', { name: /Previous testimonial/ }).click()
    await slideShown(p, '3 of 3') // wraps backwards
    await carousel.getByRole('button', { name: 'Show testimonial 2' }).click()
    await slideShown(p, '2 of 3')
    await carousel.getByRole('button', { name: /^Pause/ }).click()
    await p.mouse.move(0, 0)
    await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await p.clock.runFor(15000)
    await slideStays(p, '2 of 3')
    await expect(carousel.getByRole('button', { name: /^Play/ }).getAttribute('aria-pressed')).resolves.toBe('true')
  })

  it('the testimonials pause while hovered', async () => {
    const { page: p } = await openPage(browser)
    await stopClock(p)
    await gotoHydrated(p, '/')
    await hydrateCarousel(p)
    await p.locator('[aria-roledescription="carousel"] [aria-roledescription="slide"]:not([hidden])').hover()
    await settle(p)
    await p.clock.runFor(12000)
    await slideStays(p, '1 of 3')
  })

  it('the testimonials do not move by themselves under reduced motion', async () => {
    const { page: p } = await openPage(browser, { reducedMotion: 'reduce' })
    await stopClock(p)
    await gotoHydrated(p, '/')
    await hydrateCarousel(p)
    await p.clock.runFor(16000)
    await slideStays(p, '1 of 3')
  })

  it('the FAQ accordion opens one answer at a time and closes the open one when clicked', async () => {
    await gotoHydrated(page, '/')
    const controls = section('faq').locator('.faq__control')
    // The accordion's code loads on this first click, which React then replays.
    await controls.nth(0).click()
    await section('faq').locator('.faq__control[aria-expanded="true"]').waitFor()
    await expect(controls.nth(0).getAttribute('aria-expanded')).resolves.toBe('true')
    await controls.nth(1).click()
    await expect(controls.nth(1).getAttribute('aria-expanded')).resolves.toBe('true')
    await expect(controls.nth(0).getAttribute('aria-expanded')).resolves.toBe('false')
    await controls.nth(1).click()
    await expect(section('faq').locator('.faq__control[aria-expanded="true"]').count()).resolves.toBe(0)
    const region = await controls.nth(0).getAttribute('aria-controls')
    await expect(page.locator(`#${region}`).getAttribute('role')).resolves.toBe('region')
  })
})

describe('services', () => {
  it('the listing has 7 cards with icon, title, description and Learn More, and Schedule Consultation', async () => {
    await gotoHydrated(page, '/services')
    const cards = section('service-cards').locator('.card')
    await expect(cards.count()).resolves.toBe(7)
    for (const card of await cards.all()) {
      await expect(card.locator('svg.icon').count()).resolves.toBe(1)
      await expect(card.locator('h3').count()).resolves.toBe(1)
      await expect(card.locator('a.card__link').textContent()).resolves.toMatch(/^Learn More/)
    }
    await expect(page.getByRole('link', { name: 'Schedule Consultation' }).getAttribute('href')).resolves.toBe(
      '/contact-us',
    )
  })

  it.each(services)(
    '%s has hero, contact CTA, why-choose-us, features, success story, 3 related services and View All',
    async (path) => {
      await gotoHydrated(page, path)
      const kinds = await blockKinds()
      expect(kinds[0]).toBe('hero')
      expect(kinds).toEqual(expect.arrayContaining(['cards', 'list', 'story', 'service-cards', 'cta']))
      // The hero's quote action leads to the contact form's first field (issue 59).
      await expect(section('hero').locator('a[href="/contact-us#contact-name"]').count()).resolves.toBeGreaterThan(0)
      const related = section('service-cards').locator('.card a.card__link')
      await expect(related.count()).resolves.toBe(3)
      const hrefs = await related.evaluateAll((links) => links.map((l) => l.getAttribute('href')))
      expect(hrefs).not.toContain(path)
      expect(hrefs).toEqual(services.filter((s) => s !== path).slice(0, 3))
      await expect(
        section('service-cards').getByRole('link', { name: 'View All Security Services' }).getAttribute('href'),
      ).resolves.toBe('/services')
    },
  )

  it('executive protection has the 4-step process, 4 FAQs, a case study and a testimonial', async () => {
    await gotoHydrated(page, '/services/executive-protection')
    await expect(section('steps').locator('li h3').allTextContents()).resolves.toEqual([
      'Risk Assessment',
      'Security Planning',
      'Team Deployment',
      '24/7 Monitoring',
    ])
    await expect(section('faq').locator('.faq__control').count()).resolves.toBe(4)
    await expect(page.locator('main > section.story .block__eyebrow').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['Case Study', 'Success Story']),
    )
    await expect(section('quote').locator('blockquote').count()).resolves.toBe(1)
  })

  it('threat assessment has three reasons, four consulting services and the large-company success story', async () => {
    await gotoHydrated(page, '/services/threat-assessment')
    const cardCounts = await page
      .locator('main > section.cards')
      .evaluateAll((s) => s.map((x) => x.querySelectorAll('.card').length))
    expect(cardCounts).toEqual(expect.arrayContaining([3, 4]))
    const text = (await page.locator('main').textContent()) ?? ''
    for (const phrase of [
      /vulnerability assessment/i,
      /corporate risk planning/i,
      /event consulting/i,
      /international risk analysis/i,
      /military.intelligence/i,
      /confidential/i,
      /actionable/i,
    ]) {
      expect(text).toMatch(phrase)
    }
  })
})

describe('about, contact, careers', () => {
  it('about has story, mission, the four values and global coverage', async () => {
    await gotoHydrated(page, '/about-us')
    const titles = await page.locator('main .card__title').allTextContents()
    expect(titles).toEqual(expect.arrayContaining(['Professionalism', 'Discretion', 'Integrity', 'Readiness']))
    const text = (await page.locator('main').textContent()) ?? ''
    expect(text).toMatch(/mission/i)
    expect(text).toMatch(/international|global|worldwide/i)
  })

  it('contact has the four cards and the form section', async () => {
    await gotoHydrated(page, '/contact-us')
    await expect(section('cards').locator('.card').count()).resolves.toBe(4)
    await expect(section('cards').locator('a[href="tel:+14075550142"]').count()).resolves.toBe(1)
    await expect(section('cards').locator('a[href^="mailto:"]').count()).resolves.toBe(1)
    await expect(page.locator('main > section.form-block').count()).resolves.toBe(1)
  })

  it('careers lists 12 minimum requirements and 13 physical demands, and the required-fields note', async () => {
    await gotoHydrated(page, '/careers')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Join Our Team/)
    const lists = await page
      .locator('main > section.list')
      .evaluateAll((s) => s.map((x) => x.querySelectorAll('li').length))
    expect(lists).toEqual([12, 13])
    const requirements = (await section('list', 0).textContent()) ?? ''
    for (const stated of [/21/, /citizen/i, /driver/i, /DUI/, /marijuana/i, /20\/40/, /20 pounds/i, /felony/i])
      expect(requirements).toMatch(stated)
    const text = (await page.locator('main').textContent()) ?? ''
    expect(text).toMatch(/equal.opportunity/i)
    expect(text).toMatch(/marked \*/)
    expect(text).toMatch(/confidential/i)
  })
})

describe('Florida and city pages', () => {
  it('Florida has the licence badge, 4 stats, 4 service cards with staggered animation, 17 cities and related links', async () => {
    await gotoHydrated(page, '/florida-security-services')
    await expect(section('hero').textContent()).resolves.toContain('B 3200642')
    await expect(section('hero').locator('a[href="/contact-us#contact-name"]').count()).resolves.toBe(1)
    await expect(section('hero').locator('a[href="/services"]').count()).resolves.toBe(1)
    await expect(section('stats').locator('li').count()).resolves.toBe(4)
    const cards = section('cards').locator('.card')
    await expect(cards.count()).resolves.toBe(4)
    const delays = await cards.evaluateAll((cs) => cs.map((c) => getComputedStyle(c).animationDelay))
    expect(delays).toEqual(['0.1s', '0.2s', '0.3s', '0.4s'])
    const cities = section('city-list').locator('li')
    await expect(cities.count()).resolves.toBe(17)
    const links = await section('city-list')
      .locator('a')
      .evaluateAll((as) => Object.fromEntries(as.map((a) => [a.textContent, a.getAttribute('href')])))
    expect(links).toMatchObject({
      Orlando: '/orlando-security-services',
      Miami: '/miami-security-services',
      Tampa: '/tampa-security-services',
      Jacksonville: '/jacksonville-security-services',
    })
    const others = Object.entries(links).filter(
      ([name]) => !['Orlando', 'Miami', 'Tampa', 'Jacksonville'].includes(name!),
    )
    expect(others.length).toBe(13)
    for (const [, href] of others) expect(href).toBe('/florida-security-services')
    await expect(page.locator('main > section.related-links').count()).resolves.toBe(1)
  })

  it.each([
    ['/orlando-security-services', 20],
    ['/miami-security-services', 15],
    ['/tampa-security-services', 15],
    ['/jacksonville-security-services', 15],
  ])('%s lists %i areas', async (path, areas) => {
    await gotoHydrated(page, path)
    await expect(section('city-list').locator('li').count()).resolves.toBe(areas)
  })

  it('Orlando has 4 service cards, 4 why-choose blocks, 8 FAQs and phone calls to action', async () => {
    await gotoHydrated(page, '/orlando-security-services')
    const cardCounts = await page
      .locator('main > section.cards')
      .evaluateAll((s) => s.map((x) => x.querySelectorAll('.card').length))
    expect(cardCounts).toEqual([4, 4])
    await expect(section('faq').locator('.faq__control').count()).resolves.toBe(8)
    await expect(page.locator('main > section.cta a[href="tel:+14075550142"]').count()).resolves.toBeGreaterThan(0)
  })

  it('Miami has three cards, Tampa a hero with stats and 4 cards, Jacksonville 4 cards', async () => {
    await gotoHydrated(page, '/miami-security-services')
    await expect(section('cards').locator('.card').count()).resolves.toBe(3)
    await gotoHydrated(page, '/tampa-security-services')
    await expect(section('hero').locator('.hero__stats li').count()).resolves.toBeGreaterThan(1)
    await expect(section('cards').locator('.card').count()).resolves.toBe(4)
    await gotoHydrated(page, '/jacksonville-security-services')
    await expect(section('cards').locator('.card').count()).resolves.toBe(4)
  })
})

describe('insights and search', () => {
  it('lists six article cards with image, badge, date, read time, title, excerpt and Read More', async () => {
    await gotoHydrated(page, '/insights')
    const cards = page.locator('.post-card')
    await expect(cards.count()).resolves.toBe(6)
    for (const card of await cards.all()) {
      const img = card.locator('img')
      await expect(img.getAttribute('width')).resolves.toBe('1200')
      await expect(img.getAttribute('height')).resolves.toBe('675')
      await expect(card.locator('.post-card__badge').count()).resolves.toBe(1)
      await expect(card.locator('time').count()).resolves.toBe(1)
      await expect(card.textContent()).resolves.toMatch(/\d+ min read/)
      await expect(card.locator('a').getAttribute('href')).resolves.toMatch(/^\/insights\//)
    }
  })

  it('the category buttons filter the list and the category is in the address', async () => {
    await gotoHydrated(page, '/insights')
    const buttons = page.getByRole('navigation', { name: 'Article categories' }).getByRole('button')
    await expect(buttons.allTextContents()).resolves.toEqual([
      'All Posts',
      'Executive Protection',
      'Events',
      'Corporate Security',
      'Residential',
      'Travel',
    ])
    await page.getByRole('button', { name: 'Executive Protection' }).click()
    await page.locator('button[aria-pressed="true"]', { hasText: 'Executive Protection' }).waitFor()
    expect(new URL(page.url()).searchParams.get('category')).toMatch(/^Executive/)
    await expect(page.locator('.post-card').count()).resolves.toBe(2)
    await expect(page.getByRole('button', { name: 'Executive Protection' }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    )
    await page.getByRole('button', { name: 'Travel' }).click()
    await expect(page.locator('.post-card').count()).resolves.toBe(1)
    await page.reload()
    await page.waitForFunction(() => document.querySelectorAll('.post-card').length === 1)
    await page.getByRole('button', { name: 'All Posts' }).click()
    await expect(page.locator('.post-card').count()).resolves.toBe(6)
    expect(new URL(page.url()).search).toBe('')
  })

  it.each(articles)('%s has a back link, its heading and CTAs to a service and to contact', async (path) => {
    await gotoHydrated(page, path)
    await expect(page.getByRole('link', { name: /Back to Insights/ }).getAttribute('href')).resolves.toBe('/insights')
    const ctaLinks = await page
      .locator('main > section.cta a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(ctaLinks).toContain('/contact-us')
    expect(ctaLinks.some((h) => h?.startsWith('/services/'))).toBe(true)
  })

  it('the two full articles have at least 800 words, the others say Coming Soon', async () => {
    for (const path of articles) {
      await gotoHydrated(page, path)
      const words = ((await page.locator('main > section.prose').allTextContents()).join(' ').match(/\S+/g) ?? [])
        .length
      if (path.endsWith('bodyguards') || path.endsWith('high-net-worth'))
        expect(words, path).toBeGreaterThanOrEqual(800)
      else await expect(page.getByRole('heading', { name: 'Coming Soon' }).count()).resolves.toBe(1)
    }
  })

  it('/search?q= finds pages and links to them', async () => {
    await gotoHydrated(page, '/search?q=yacht')
    await page.locator('.search__results li').first().waitFor()
    const hrefs = await page.locator('.search__results a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(hrefs).toContain('/services/maritime-security')
    await page.getByLabel('Search the site').fill('bodyguards')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(/q=bodyguards/)
    await page.locator('.search__results a[href="/insights/executive-protection-vs-bodyguards"]').waitFor()
    await page.locator('.search__results a[href="/insights/executive-protection-vs-bodyguards"]').click()
    await page.getByRole('heading', { level: 1, name: /Bodyguard/i }).waitFor()
  })
})

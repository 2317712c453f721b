// A visitor's main journeys, each written once and run in Chromium, Firefox and WebKit (Debian's
// Chromium, Firefox ESR and WebKitGTK: tests/e2e/engines/launch.ts). Half the site's mobile
// visitors are on iPhones, where every browser is WebKit. An engine that cannot run here skips
// its journeys and says why (scripts/ensure-engines.sh installs what is missing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES, type Engine, missing, type Size } from '../../scripts/engines/browsers'
import { baseURL, everySectionLaidOut, ROUTER_SCROLL_KEY } from './browser'
import type { Driver } from './engines/driver'
import { type EngineSession, type OpenOptions, startEngine } from './engines/launch'
import { APPLICATION_STEPS, applicationAnswers, unique } from './form-helpers'
import { storedSubmissions } from './submissions'

const WIDE: Size = { width: 1280, height: 900 }
const PHONE: Size = { width: 375, height: 740 }

/** Waits until the page's form has hydrated: it does at a first interaction (here a pointer over it). */
const formReady = (d: Driver) =>
  d.waitFor(() => {
    const form = document.querySelector('form.schema-form')
    form?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))
    return form?.getAttribute('data-enhanced') === 'true'
  })

const expanded = (d: Driver, selector: string) =>
  d.evaluate((s: string) => document.querySelector(s)?.getAttribute('aria-expanded'), selector)
const waitExpanded = (d: Driver, selector: string, value: 'true' | 'false') =>
  d.waitFor((s: string, v: string) => document.querySelector(s)?.getAttribute('aria-expanded') === v, selector, value)
/**
 * Brings the page to the state a visitor's first wheel or key leaves it in: every section at its
 * real height (src/app/lay-out-sections.js; Shift does nothing else). Before it, a control near the
 * page's end scrolled into view moves: the sections around it render shorter than their
 * placeholders and the page's end, clamped, pulls it away between the pointer going down and up
 * (in Chromium a footer link moved 188 px at this width; in Firefox a click on the FAQ, the home
 * page's second-last section, was lost once in a fresh clone's run).
 */
async function layOutEverySection(d: Driver) {
  await d.press('Shift')
  await d.waitFor(everySectionLaidOut)
}
const waitText = (d: Driver, selector: string, text: string) =>
  d.waitFor(
    (s: string, t: string) => [...document.querySelectorAll(s)].some((e) => (e.textContent ?? '').includes(t)),
    selector,
    text,
  )
/**
 * Waits until the application shows a step: its heading says so and, after the first step, has
 * focus. The form moves focus to the heading (and the view with it) in the frame after it shows
 * the step. WebDriver acts between the page's frames, without playwright's wait for an element
 * to hold still: with the page's frames late, a click sent before that frame landed where the
 * page had been (on another answer, or its mouseup on the heading: Next never pressed), and keys
 * sent then would go to the heading.
 */
const waitStep = (d: Driver, text: string, first = false) =>
  d.waitFor(
    (s: string, t: string, f: boolean) => {
      const heading = document.querySelector(s)
      return !!heading?.textContent?.includes(t) && (f || document.activeElement === heading)
    },
    '#application-step-heading',
    text,
    first,
  )
/**
 * Imitates Safari and Firefox on macOS, which do not focus a button when it is clicked: focus
 * stays on the page. (Not a blur after the click: leaving a menu closes it, so it would hide the
 * difference.)
 */
const noFocusOnClick = (d: Driver) =>
  d.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    addEventListener(
      'mousedown',
      (event) => {
        if ((event.target as Element).closest('button')) event.preventDefault()
      },
      true,
    )
  })
const focusIsOnThePage = (d: Driver) =>
  expect(d.evaluate(() => document.activeElement === document.body)).resolves.toBe(true)

type Journey = {
  name: string
  size: Size
  options?: OpenOptions
  /**
   * Where the rest of the suite already walks this journey in Chromium: it is not walked again
   * there, so the three engines add at most about three minutes to npm test on a 2-core machine.
   */
  inChromium?: string
  run: (d: Driver) => Promise<void>
}

const journeys: Journey[] = [
  {
    name: 'the home page renders and hydrates with no page error',
    size: WIDE,
    async run(d) {
      await d.open('/')
      await expect(d.evaluate(() => document.querySelector('h1')?.textContent)).resolves.toContain(
        'Executive Protection',
      )
      expect(await d.errors()).toEqual([])
    },
  },
  {
    name: 'the Services menu opens and closes by mouse, and by Escape after a click wherever focus is',
    size: WIDE,
    async run(d) {
      const button = 'button.nav__dropdown'
      await d.open('/')
      await d.hover(button)
      await waitExpanded(d, button, 'true') // the pointer opened it
      await d.click(button) // a click on a menu the pointer opened keeps it open
      await expect(expanded(d, button)).resolves.toBe('true')
      await d.click(button)
      await waitExpanded(d, button, 'false')
      await noFocusOnClick(d)
      await d.click(button)
      await waitExpanded(d, button, 'true')
      await focusIsOnThePage(d)
      await d.press('Escape')
      await waitExpanded(d, button, 'false')
      expect(await d.errors()).toEqual([])
    },
  },
  {
    name: 'the FAQ opens one answer at a time',
    inChromium: 'walked in Chromium by tests/e2e/site-content.test.ts (the FAQ accordion)',
    size: WIDE,
    async run(d) {
      await d.open('/')
      await layOutEverySection(d)
      const control = (n: number) => `.faq .faq__item:nth-of-type(${n}) .faq__control`
      await d.click(control(1))
      await waitExpanded(d, control(1), 'true')
      await d.click(control(2))
      await waitExpanded(d, control(2), 'true')
      await expect(expanded(d, control(1))).resolves.toBe('false')
      await d.click(control(2))
      await waitExpanded(d, control(2), 'false')
    },
  },
  {
    name: 'the testimonials carousel shows the slide asked for, and the previous one',
    inChromium: 'walked in Chromium by tests/e2e/site-content.test.ts (the testimonials)',
    size: WIDE,
    async run(d) {
      await d.open('/')
      const carousel = '[aria-roledescription="carousel"]'
      const shown = () =>
        d.evaluate(() =>
          document.querySelector('[aria-roledescription="slide"]:not([hidden])')?.getAttribute('aria-label'),
        )
      const now = Number(/^(\d)/.exec((await shown()) ?? '')?.[1])
      // The slide before the shown one: the automatic rotation (forwards) cannot reach it first.
      const before = ((now + 1) % 3) + 1
      await d.click({ selector: `${carousel} button`, text: `Show testimonial ${before}` })
      await d.waitFor(
        (label: string) =>
          document.querySelector('[aria-roledescription="slide"]:not([hidden])')?.getAttribute('aria-label') === label,
        `${before} of 3`,
      )
      await d.click({ selector: `${carousel} button`, text: 'Previous testimonial' })
      const previous = ((before + 1) % 3) + 1
      await d.waitFor(
        (label: string) =>
          document.querySelector('[aria-roledescription="slide"]:not([hidden])')?.getAttribute('aria-label') === label,
        `${previous} of 3`,
      )
    },
  },
  {
    name: 'the mobile menu opens, closes by Escape wherever focus is, and its link leads on',
    size: PHONE,
    async run(d) {
      await d.open('/')
      // MiniBrowser's window cannot be narrower than about 450 px: still a phone's layout.
      expect(await d.evaluate(() => innerWidth)).toBeLessThanOrEqual(767)
      const toggle = 'button.nav__toggle'
      const mobileNav = 'nav[aria-label="Mobile"]'
      const navShown = (shown: boolean) =>
        d.waitFor(
          (s: string, v: boolean) => {
            const nav = document.querySelector(s)
            return !!nav && nav.getClientRects().length > 0 === v
          },
          mobileNav,
          shown,
        )
      await noFocusOnClick(d)
      await d.click(toggle)
      await waitExpanded(d, toggle, 'true')
      await navShown(true)
      await focusIsOnThePage(d)
      await d.press('Escape')
      await waitExpanded(d, toggle, 'false')
      await navShown(false)
      await d.click(toggle)
      await navShown(true)
      await d.click({ selector: `${mobileNav} a`, text: 'Executive Protection' })
      await waitText(d, 'h1', 'Executive Protection')
      await waitExpanded(d, toggle, 'false')
      expect(await d.path()).toBe('/services/executive-protection')
    },
  },
  {
    name: 'a link leads to the next page without a reload',
    size: WIDE,
    async run(d) {
      await d.open('/')
      await d.evaluate(() => {
        ;(window as unknown as { samePage: boolean }).samePage = true
      })
      await d.click({ selector: 'header a.nav__link', text: 'About' })
      await d.waitFor(() => location.pathname === '/about-us' && document.title.includes('About'))
      await expect(d.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).resolves.toBe(true)
      expect(await d.errors()).toEqual([])
    },
  },
  {
    name: 'the contact form is sent and stored once, with where its visit began and nothing left on the device',
    inChromium: 'walked in Chromium by tests/e2e/forms.test.ts (sends, stores once)',
    size: WIDE,
    async run(d) {
      await d.open('/contact-us')
      await formReady(d)
      const name = `Lead ${d.engine} ${unique()}`
      await d.fill('#contact-name', name)
      await d.fill('#contact-email', `${unique()}@example.com`)
      await d.fill('#contact-message', 'Protection for a board meeting in Orlando next month.')
      await d.click('button.form__submit')
      await waitText(d, '.mantine-Notification-root', 'Message Received')
      await expect(d.evaluate(() => (document.querySelector('#contact-name') as HTMLInputElement).value)).resolves.toBe(
        '',
      )
      const leads = storedSubmissions().leads.filter((l) => l.name === name)
      expect(leads).toHaveLength(1)
      // The counting code ran in this engine: the lead knows how its visit began (here, typed in),
      // and nothing of it was left on the device.
      expect(leads[0]).toMatchObject({ page: '/contact-us', landing_page: '/contact-us', channel: 'direct' })
      // No cookie and no local storage; the tab's session storage holds at most the router's
      // scroll positions (for Back, as the privacy page says), written when the page scrolls.
      await expect(
        d.evaluate(() => [document.cookie, localStorage.length, Object.keys(sessionStorage)]),
      ).resolves.toEqual(['', 0, expect.toSatisfy((keys: string[]) => keys.every((k) => k === ROUTER_SCROLL_KEY))])
    },
  },
  {
    name: 'an incomplete contact form shows its messages at the fields',
    inChromium: 'walked in Chromium by tests/e2e/forms.test.ts (refuses an empty submission)',
    size: WIDE,
    async run(d) {
      await d.open('/contact-us')
      await formReady(d)
      await d.click('button.form__submit')
      await waitText(d, '[role="alert"]', 'need your attention')
      await expect(
        d.evaluate(() => document.querySelector('#contact-name')?.getAttribute('aria-invalid')),
      ).resolves.toBe('true')
      await waitText(d, 'form', 'Full name is required.')
      await expect(d.evaluate(() => document.activeElement?.id)).resolves.toBe('contact-name')
    },
  },
  {
    name: 'the application goes through every step to the review, is sent and stored once',
    inChromium: 'walked in Chromium by tests/e2e/forms.test.ts and application-in-steps.test.ts',
    size: WIDE,
    async run(d) {
      await d.open('/careers')
      await formReady(d)
      const lastName = `Applicant${d.engine}${unique()}`
      const answers = applicationAnswers(lastName)
      for (const [i, step] of APPLICATION_STEPS.slice(0, -1).entries()) {
        await waitStep(d, `Step ${i + 1} of`, i === 0)
        for (const field of step.fields) {
          const value = answers[field]
          if (!value) continue
          if ('text' in value) await d.fill(`#application-${field}`, value.text)
          else if ('option' in value) await d.select(`#application-${field}`, value.option)
          else await d.click({ selector: `#application-${field} label`, text: value.choice })
        }
        await d.click({ selector: 'form button', text: 'Next' })
      }
      await waitStep(d, APPLICATION_STEPS.at(-1)!.title)
      await waitText(d, '#application-review', lastName)
      await d.click({ selector: 'form button', text: 'Submit Application' })
      await waitText(d, '.mantine-Notification-root', 'Application Submitted')
      expect(storedSubmissions().applications.filter((a) => JSON.stringify(a).includes(lastName))).toHaveLength(1)
    },
  },
  {
    name: "the application's select is as tall as its inputs and drawn by the site, as is its step bar",
    size: WIDE,
    async run(d) {
      await d.open('/careers')
      await formReady(d)
      const looks = await d.evaluate(() => {
        const select = document.querySelector('#application-state')!
        const input = document.querySelector('#application-city')!
        const bar = document.querySelector('.form__progress progress')!
        return {
          select: getComputedStyle(select).appearance,
          heights: Math.abs(select.getBoundingClientRect().height - input.getBoundingClientRect().height) <= 0.5,
          bar: getComputedStyle(bar).appearance,
        }
      })
      expect(looks).toEqual({ select: 'none', heights: true, bar: 'none' })
    },
  },
  {
    name: 'search finds pages and leads to them',
    inChromium: 'walked in Chromium by tests/e2e/site-content.test.ts (/search?q=)',
    size: WIDE,
    async run(d) {
      await d.open('/search?q=yacht')
      await d.waitFor(() => document.querySelector('.search__results a[href="/services/maritime-security"]'))
      await d.fill('input[type="search"]', 'bodyguards')
      await d.click({ selector: 'main button[type="submit"]', text: 'Search' })
      const article = '.search__results a[href="/insights/executive-protection-vs-bodyguards"]'
      await d.waitFor((s: string) => location.search === '?q=bodyguards' && document.querySelector(s), article)
      await d.click(article)
      await d.waitFor(() => /Bodyguard/i.test(document.querySelector('h1')?.textContent ?? ''))
    },
  },
  {
    name: 'the insights filter shows one category, with it in the address',
    inChromium: 'walked in Chromium by tests/e2e/site-content.test.ts (the category buttons)',
    size: WIDE,
    async run(d) {
      await d.open('/insights')
      const categories = 'nav[aria-label="Article categories"] button'
      await d.click({ selector: categories, text: 'Executive Protection' })
      await d.waitFor(
        (s: string) =>
          [...document.querySelectorAll(s)]
            .find((b) => b.textContent === 'Executive Protection')
            ?.getAttribute('aria-pressed') === 'true' && document.querySelectorAll('.post-card').length === 2,
        categories,
      )
      expect(await d.path()).toMatch(/[?&]category=Executive/)
      await d.click({ selector: categories, text: 'All Posts' })
      await d.waitFor(() => document.querySelectorAll('.post-card').length === 6 && location.search === '')
    },
  },
  {
    name: 'the language switcher leads to the page in Spanish and back',
    inChromium: 'walked in Chromium by tests/e2e/spanish-site.test.ts (the language switcher)',
    size: WIDE,
    async run(d) {
      await d.open('/miami-security-services')
      await d.click({ selector: 'a.language-switcher__link', text: 'Español' })
      await d.waitFor(
        () => location.pathname === '/es/seguridad-privada-miami' && document.documentElement.lang === 'es',
      )
      await d.click({ selector: 'a.language-switcher__link', text: 'English' })
      await d.waitFor(() => location.pathname === '/miami-security-services' && document.documentElement.lang === 'en')
      expect(await d.errors()).toEqual([])
    },
  },
  {
    name: 'a visitor who jumped to the FAQ stays there while the sections above are laid out',
    size: WIDE,
    // Chromium keeps the view by CSS scroll anchoring; turned off, it is an engine without it,
    // like WebKit. Firefox keeps its own anchoring.
    options: { noScrollAnchoring: true },
    async run(d) {
      await d.open('/')
      const before = await d.evaluate(() => {
        const heading = document.querySelector('.faq h2')!
        heading.scrollIntoView()
        return heading.getBoundingClientRect().top
      })
      // Where there is scroll anchoring, the jump is the visitor's first input, after which the
      // sections are laid out from the top; where there is none, they are all laid out at once.
      await d.waitFor(() =>
        [...document.querySelectorAll('main > .block')].every(
          (s) => getComputedStyle(s).contentVisibility === 'visible',
        ),
      )
      const after = await d.evaluate(
        () =>
          new Promise<number>((done) =>
            requestAnimationFrame(() => done(document.querySelector('.faq h2')!.getBoundingClientRect().top)),
          ),
      )
      expect(Math.abs(after - before), `the FAQ's heading moved from ${before} to ${after} px`).toBeLessThanOrEqual(1)
    },
  },
  {
    name: 'the local site works over plain http: its code loads and its links stay on http',
    size: WIDE,
    async run(d) {
      // The local server asks for no upgrade to https: WebKit would apply it to 127.0.0.1.
      const policy = (await fetch(`${baseURL()}/`)).headers.get('content-security-policy')
      expect(policy).not.toContain('upgrade-insecure-requests')
      // Behind a proxy that serves it over https, it does.
      const proxied = await fetch(`${baseURL()}/`, { headers: { 'X-Forwarded-Proto': 'https' } })
      expect(proxied.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
      await d.open('/') // waits for hydration: the app's code came over http
      await d.click({ selector: 'header a.nav__link', text: 'Contact' })
      await d.waitFor(() => location.pathname === '/contact-us' && location.protocol === 'http:')
      await formReady(d)
      expect(await d.errors()).toEqual([])
    },
  },
]

describe.each(ENGINES)('%s', (engine: Engine) => {
  const why = missing(engine)
  let session: EngineSession | undefined
  beforeAll(async () => {
    if (!why) session = await startEngine(engine, baseURL())
  })
  afterAll(async () => {
    await session?.close()
  })

  for (const journey of journeys)
    it(journey.name, async (context) => {
      // Says why in the report rather than passing: e.g. "Firefox ESR not found at /usr/bin/firefox-esr".
      if (why || !session) return context.skip(why ?? `${engine} did not start`)
      if (engine === 'chromium' && journey.inChromium) return context.skip(journey.inChromium)
      const driver = await session.open(journey.size, journey.options)
      try {
        await journey.run(driver)
      } finally {
        await driver.close()
      }
    })
})

// A lead from a landing page without leaving it (issue 59): the quote form is in the hero's aside
// slot, in the first screen at 1280 × 800 and one tap away (a dialog, no page load) at 375 × 667.
// One tap before typing, two fields typed, one tap to send; the stored lead has the service and
// the city the page presets, its page, its landing page and its form's kind. Without JavaScript
// it is posted and answered with the thank-you page, in English and Spanish. Both the phone and
// the e-mail empty: messages at both fields and nothing stored. The dialog: focus moves in, stays
// in, Escape closes it and focus comes back, and axe finds nothing.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES, type Engine, missing } from '../../scripts/engines/browsers'
import { axeViolations } from './axe'
import { baseURL, gotoHydrated, launchBrowser, openPage } from './browser'
import type { Driver } from './engines/driver'
import { type EngineSession, startEngine } from './engines/launch'
import { toast, unique } from './form-helpers'
import { storedSubmissions } from './submissions'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const WIDE = { width: 1280, height: 800 }
const PHONE = { width: 375, height: 667 }

const ORLANDO = {
  path: '/orlando-security-services',
  locale: 'en',
  quoteAction: 'Get a Free Quote',
  send: 'Send Request',
  received: 'Request Received',
  name: 'Your name',
  thanks: '/contact-us/thank-you',
}
const ORLANDO_ES = {
  path: '/es/seguridad-privada-orlando',
  locale: 'es',
  quoteAction: 'Pida una cotización gratis',
  send: 'Enviar solicitud',
  received: 'Solicitud recibida',
  name: 'Su nombre',
  thanks: '/es/contacto/gracias',
}
type Landing = typeof ORLANDO

const leadsNamed = (name: string) => storedSubmissions().leads.filter((l) => l.name === name)

/** Waits until exactly one lead with this name is stored, and returns it. */
async function storedLead(name: string) {
  await expect.poll(() => leadsNamed(name).length).toBe(1)
  return leadsNamed(name)[0]
}

/** Whether the whole element is inside the window as it is (no scrolling). */
const inFirstScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((e) => {
    const box = e.getBoundingClientRect()
    return box.top >= 0 && box.bottom <= window.innerHeight
  })

/** Counts the page loads after the first (a tap must not load a page). */
async function countLoads(page: Page) {
  let loads = 0
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads++
  })
  return () => loads
}

const preset = (landing: Landing) => ({
  form: 'quote',
  service: 'executive-protection',
  city: 'Orlando',
  page: landing.path,
  locale: landing.locale,
})

describe('the quote form in the first screen of the Orlando page', () => {
  it('at 1280 × 800: its first field is in the first screen; one tap, two fields typed, one tap to send', async () => {
    const { page, console } = await openPage(browser, { viewport: WIDE })
    await gotoHydrated(page, ORLANDO.path)
    const loads = await countLoads(page)
    expect(await inFirstScreen(page, '#quote-name')).toBe(true)
    const name = `Wide ${unique()}`
    await page.locator('#quote-name').click()
    await page.keyboard.type(name)
    await page.keyboard.press('Tab')
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('quote-phone')
    await page.keyboard.type('(407) 555-0199')
    await page.getByRole('button', { name: ORLANDO.send }).click()
    await toast(page).waitFor()
    await expect(toast(page).textContent()).resolves.toContain(ORLANDO.received)
    const lead = await storedLead(name)
    expect(lead).toMatchObject({ ...preset(ORLANDO), phone: '(407) 555-0199', landing_page: ORLANDO.path })
    expect(loads()).toBe(0)
    expect(console.filter((c) => c.type !== 'warning')).toEqual([])
  })

  for (const landing of [ORLANDO, ORLANDO_ES])
    it(`at 375 × 667 (${landing.path}): one tap on the hero's quote action opens the form with focus in it, no page load`, async () => {
      const { page, console } = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true })
      await gotoHydrated(page, landing.path)
      const loads = await countLoads(page)
      await page.getByRole('link', { name: landing.quoteAction }).first().tap()
      await page.getByRole('dialog', { name: /./ }).waitFor()
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('quote-name')
      expect(await inFirstScreen(page, '#quote-name')).toBe(true)
      const name = `Phone ${unique()}`
      await page.keyboard.type(name)
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('quote-email')
      await page.keyboard.type('phone@example.com')
      await page.getByRole('button', { name: landing.send }).tap()
      await toast(page).waitFor()
      await expect(toast(page).textContent()).resolves.toContain(landing.received)
      const lead = await storedLead(name)
      expect(lead).toMatchObject({ ...preset(landing), email: 'phone@example.com', landing_page: landing.path })
      expect(new URL(page.url()).pathname).toBe(landing.path)
      expect(loads()).toBe(0)
      expect(console.filter((c) => c.type !== 'warning')).toEqual([])
    })
})

describe('the quote form without JavaScript, and its messages', () => {
  for (const landing of [ORLANDO, ORLANDO_ES])
    it(`without JavaScript (${landing.path}): posted, stored with its presets, answered with the thank-you page`, async () => {
      const { page } = await openPage(browser, { javaScriptEnabled: false, viewport: WIDE })
      await page.goto(landing.path)
      const name = `No JS ${unique()}`
      await page.getByLabel(landing.name).fill(name)
      await page.locator('#quote-phone').fill('(407) 555-0142')
      await Promise.all([
        page.waitForURL(`**${landing.thanks}`),
        page.getByRole('button', { name: landing.send }).click(),
      ])
      await page.getByRole('heading', { level: 1 }).waitFor()
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(landing.locale)
      expect(await storedLead(name)).toMatchObject({ ...preset(landing), phone: '(407) 555-0142' })
    })

  it('without JavaScript, the quote actions lead to the contact form’s first field', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false, viewport: PHONE })
    await page.goto(ORLANDO.path)
    await page.getByRole('link', { name: ORLANDO.quoteAction }).first().click()
    await page.waitForURL('**/contact-us#contact-name')
    await expect(page.locator('#contact-name').evaluate((e) => e.tagName)).resolves.toBe('INPUT')
  })

  it('on the contact page, the hero’s action leads to the form’s first field, one tap from the top', async () => {
    const { page } = await openPage(browser, { viewport: PHONE })
    await gotoHydrated(page, '/contact-us')
    await page.getByRole('link', { name: 'Request a Consultation' }).first().click()
    await page.waitForURL('**/contact-us#contact-name')
    await expect.poll(() => inFirstScreen(page, '#contact-name')).toBe(true)
  })

  it('with both the phone and the e-mail empty, says so at both fields and stores nothing', async () => {
    const { page } = await openPage(browser, { viewport: WIDE })
    await gotoHydrated(page, ORLANDO.path)
    const name = `Neither ${unique()}`
    await page.locator('#quote-name').click()
    await page.keyboard.type(name)
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#quote-form')?.dataset.enhanced === 'true')
    await page.getByRole('button', { name: ORLANDO.send }).click()
    const message = 'Please give at least one of these: Phone number, Email address.'
    await expect.poll(() => page.locator('#quote-phone-error').textContent()).toBe(message)
    await expect(page.locator('#quote-email-error').textContent()).resolves.toBe(message)
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('quote-phone')
    expect(leadsNamed(name)).toEqual([])
  })
})

describe('the quote dialog', () => {
  it('the dialog: focus moves in and stays in, Escape closes it, focus comes back, axe finds nothing', async () => {
    const { page } = await openPage(browser, { viewport: PHONE })
    await gotoHydrated(page, ORLANDO.path)
    const quote = page.locator('.floating-actions__button--quote')
    await quote.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('quote-name')
    await expect(axeViolations(page)).resolves.toEqual([])
    // Shift+Tab from the first control goes to the last, Tab from the last to the first.
    await dialog.locator('[data-close-dialog]').focus()
    await page.keyboard.press('Shift+Tab')
    const last = await page.evaluate(() => document.activeElement?.closest('dialog') !== null)
    expect(last).toBe(true)
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true)
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect(quote.evaluate((e) => e === document.activeElement)).resolves.toBe(true)
    // The form is back in the hero's aside.
    await expect(page.locator('.hero__aside #quote-form').count()).resolves.toBe(1)
  })
})

/** The dialog's keyboard journey in one engine: open with Enter on Get Quote, Escape, focus back. */
async function dialogJourney(d: Driver) {
  await d.open(ORLANDO.path)
  await d.evaluate(() => document.querySelector<HTMLElement>('.floating-actions__button--quote')?.focus())
  await d.press('Enter')
  await d.waitFor(() => document.querySelector('dialog[open]') && document.activeElement?.id === 'quote-name')
  await d.press('Escape')
  await d.waitFor(
    () =>
      !document.querySelector('dialog') &&
      document.activeElement?.matches('.floating-actions__button--quote') &&
      document.querySelector('.hero__aside #quote-form'),
  )
  expect(await d.path()).toBe(ORLANDO.path)
}

/** A lead sent from the dialog in one engine, stored with the page's presets. */
async function leadJourney(d: Driver, engine: Engine) {
  await d.open(ORLANDO.path)
  await d.click({ selector: '.hero a', text: ORLANDO.quoteAction })
  await d.waitFor(() => document.querySelector('dialog[open]') && document.activeElement?.id === 'quote-name')
  const name = `${engine} ${unique()}`
  await d.fill('#quote-name', name)
  await d.fill('#quote-phone', '(407) 555-0123')
  await d.click({ selector: 'dialog button[type="submit"]' })
  await d.waitFor(() => document.querySelector('.mantine-Notification-root'))
  expect(await storedLead(name)).toMatchObject(preset(ORLANDO))
  expect(await d.errors()).toEqual([])
}

describe.each(ENGINES)('in %s', (engine: Engine) => {
  const why = missing(engine)
  let session: EngineSession | undefined
  beforeAll(async () => {
    if (!why) session = await startEngine(engine, baseURL())
  })
  afterAll(async () => {
    await session?.close()
  })
  for (const [title, run] of [
    ['the quote dialog opens from Get Quote with the keyboard, closes on Escape and gives focus back', dialogJourney],
    ['a lead is sent from the dialog and stored with the page’s presets', leadJourney],
  ] as const)
    it(title, async (context) => {
      if (why || !session) return context.skip(why ?? `${engine} did not start`)
      const driver = await session.open(PHONE)
      try {
        await run(driver, engine)
      } finally {
        await driver.close()
      }
    })
})

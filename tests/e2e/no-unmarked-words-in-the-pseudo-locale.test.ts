// The Spanish site built as a pseudo-locale (tests/e2e/pseudo-locale.ts: every Spanish word in the
// data wrapped in ⟦…⟧), walked as a visitor: every Spanish page and the 404 page, the mobile menu,
// the FAQ, the desktop header's Services menu, a search's results, the contact form's errors,
// each step of the application with its errors, its review, the résumé's notes, the statuses
// (offline, over the limit) and toasts of sending. Any word read outside ⟦…⟧ (on screen, or said by screen
// readers through aria-label, alt or placeholder) was written somewhere other than the site's data.
// Words of the company's facts (its name, e-mail) are the same in every language and allowed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { applicationForm } from '../../forms/application/form'
import { startSiteServer } from '../../server/site-server'
import { loadContent } from '../../src/engine/content-store'
import { migratedDatabase } from '../setup/migrated-database'
import { launchBrowser, openPage, waitForHydration } from './browser'
import { APPLICATION_STEPS, applicationAnswers, type Fill, turnToForm } from './form-helpers'
import { buildPseudoSite, mark } from './pseudo-locale'

const company = (parse(readFileSync('site.yaml', 'utf8')) as { company: Record<string, unknown> }).company
const EMAIL = 'sam@example.com'
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : []
// The company's facts (names, address, social networks), which every language shows as they are,
// longest first, and the e-mail the visitor types.
const ALLOWED = [...strings(company), EMAIL].sort((a, b) => b.length - a.length)
const spanishPages = loadContent(process.cwd())
  .pages.filter((p) => p.locale === 'es')
  .map((p) => p.path)

let browser: Browser
let site: Awaited<ReturnType<typeof startSiteServer>>
let base: string
const dataRoot = mkdtempSync(join(tmpdir(), 'pseudo-data-'))
let dist: string
beforeAll(async () => {
  dist = buildPseudoSite()
  site = await startSiteServer({
    distDir: dist,
    dataDir: join(dataRoot, 'pglite'),
    port: 0,
    host: '127.0.0.1',
    startFrom: migratedDatabase(),
  })
  const address = site.server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  browser = await launchBrowser()
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await site?.close()
  rmSync(dataRoot, { recursive: true, force: true })
  if (dist) rmSync(join(dist, '..'), { recursive: true, force: true })
})

/** Every word on the page outside ⟦…⟧, with where it was: none expected. */
function unmarkedWords(page: Page): Promise<string[]> {
  return page.evaluate((allowed) => {
    const found: string[] = []
    const where = (element: Element) => {
      const parts: string[] = []
      for (let e: Element | null = element; e && e !== document.body && parts.length < 4; e = e.parentElement)
        parts.unshift(
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.classList[0] ? `.${e.classList[0]}` : ''}`,
        )
      return parts.join(' > ')
    }
    const inOtherLanguage = (element: Element) => {
      const lang = element.closest('[lang]')?.getAttribute('lang')
      return lang !== undefined && lang !== null && lang !== 'es'
    }
    const outside = (text: string, start = 0) => {
      let depth = start
      let rest = ''
      for (const ch of text) {
        if (ch === '⟦') depth++
        else if (ch === '⟧') depth = Math.max(0, depth - 1)
        else if (depth === 0) rest += ch
        else rest += ' '
      }
      return { rest, depth }
    }
    const hasWords = (text: string) => {
      let rest = text
      for (const word of allowed) rest = rest.split(word).join(' ')
      return /\p{L}/u.test(rest)
    }
    // Text on screen (or in a visually hidden span), in document order: a mark may span a link.
    let depth = 0
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      // A date is written by the language's own rules (Intl), not by words of the site.
      if (!parent || parent.closest('script, style, noscript, template, time')) continue
      const result = outside(node.textContent ?? '', depth)
      depth = result.depth
      if (inOtherLanguage(parent) || !parent.checkVisibility({ visibilityProperty: true })) continue
      if (hasWords(result.rest)) found.push(`${where(parent)}: “${result.rest.trim().replace(/\s+/g, ' ')}”`)
    }
    // What screen readers say instead of, or besides, the text.
    for (const element of document.body.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
      if (inOtherLanguage(element)) continue
      for (const name of ['aria-label', 'alt', 'placeholder', 'title']) {
        const value = element.getAttribute(name)
        if (value && hasWords(outside(value).rest)) found.push(`${where(element)} [${name}]: “${value}”`)
      }
    }
    return found
  }, ALLOWED)
}

const options = applicationForm.schema.properties as Record<string, { oneOf?: { const: string; title: string }[] }>

/** The application's answers by value (the labels are marked), free text marked as a visitor's own words. */
async function fillStepByValue(page: Page, fields: string[], answers: Record<string, Fill>) {
  for (const field of fields) {
    const answer = answers[field]
    if (!answer) continue
    const id = `#application-${field}`
    if ('text' in answer) {
      const plain = field === 'email' ? EMAIL : /^[\d ()+-]+$/.test(answer.text) ? answer.text : mark(answer.text)
      await page.locator(id).fill(plain)
      continue
    }
    const title = 'option' in answer ? answer.option : answer.choice
    const value = options[field]?.oneOf?.find((o) => o.title === title)?.const ?? ''
    if ('option' in answer) await page.locator(id).selectOption({ value })
    else await page.locator(`${id} input[value="${value}"]`).check()
  }
}

const heading = (page: Page, number: number) =>
  page
    .locator('#application-step-heading')
    .filter({ hasText: new RegExp(`\\b${number}\\b`) })
    .waitFor()

describe('the pseudo-locale: no word on the Spanish site comes from anywhere but its data', () => {
  describe('every Spanish page', () => {
    // One tab for these visits, as a visitor's (a context and its renderer per page cost 0.44 s of
    // CPU a page against 0.2 s).
    let page: Page
    beforeAll(async () => {
      ;({ page } = await openPage(browser, { baseURL: base, viewport: { width: 375, height: 800 } }))
    })

    it.each([...spanishPages, '/es/no-existe'])('%s at 375 px', async (path) => {
      await page.goto(path)
      await waitForHydration(page)
      expect(await unmarkedWords(page)).toEqual([])
    })
  })

  it('finds a word written outside the data, and says where: the check itself', async () => {
    const { page } = await openPage(browser, { baseURL: base, viewport: { width: 375, height: 800 } })
    await page.goto('/es/empleo')
    await waitForHydration(page)
    await page.evaluate(() => {
      const button = document.createElement('button')
      button.className = 'form__back'
      button.textContent = 'Back'
      document.querySelector('form.schema-form')?.append(button)
      document.querySelector('.nav__toggle')?.setAttribute('aria-label', 'Open menu')
    })
    expect(await unmarkedWords(page)).toEqual([
      expect.stringMatching(/form#application-form\.schema-form > button\.form__back: “Back”$/),
      expect.stringMatching(/button\.nav__toggle \[aria-label\]: “Open menu”$/),
    ])
  })

  it('the mobile menu, open, and every FAQ answer, open', async () => {
    const { page } = await openPage(browser, { baseURL: base, viewport: { width: 375, height: 800 } })
    await page.goto('/es/seguridad-privada-orlando')
    await waitForHydration(page)
    await page.locator('.nav__toggle').click()
    await page.locator('.nav__toggle[aria-expanded="true"]').waitFor()
    expect(await unmarkedWords(page)).toEqual([])
    await page.locator('.nav__toggle').click()
    for (const question of await page.locator('.faq button[aria-expanded]').all()) {
      await question.click()
      await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true')
    }
    expect(await unmarkedWords(page)).toEqual([])
  })

  it('at 1280 px: the header with the Services menu open, and a search with its results', async () => {
    const { page } = await openPage(browser, { baseURL: base, viewport: { width: 1280, height: 900 } })
    await page.goto('/es')
    await waitForHydration(page)
    const services = page.locator('.nav__dropdown')
    await services.click()
    await expect.poll(() => services.getAttribute('aria-expanded')).toBe('true')
    expect(await unmarkedWords(page), 'the Services menu, open').toEqual([])
    // The visitor's own words marked as such: the status repeats them.
    await page.goto(`/es/buscar?q=${encodeURIComponent(mark('seguridad'))}`)
    await page.locator('.search__results li').first().waitFor()
    expect(await unmarkedWords(page), 'the search results').toEqual([])
  })

  it('the contact form over the limit (429): the status says how long to wait', async () => {
    const { page } = await openPage(browser, { baseURL: base, viewport: { width: 375, height: 800 } })
    await page.route('**/functions/v1/submit-lead', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '120' },
        body: JSON.stringify({ error: 'Too many submissions from your network. Please try again later.' }),
      }),
    )
    await page.goto('/es/contacto')
    await waitForHydration(page)
    await turnToForm(page)
    await page.locator('#contact-name').fill(mark('Sam'))
    await page.locator('#contact-email').fill(EMAIL)
    await page.locator('#contact-message').fill(mark('Hola'))
    await page.locator('form.schema-form button[type="submit"]').click()
    await page.locator('.form__announcement a[href^="tel:"]').waitFor({ timeout: 30_000 })
    expect(await unmarkedWords(page)).toEqual([])
  })

  it('the résumé: a file of the wrong type, and the note after a reload at the field and in the review', async () => {
    const { page } = await openPage(browser, { baseURL: base, viewport: { width: 375, height: 800 } })
    await page.goto('/es/empleo')
    await waitForHydration(page)
    await turnToForm(page)
    const answers = applicationAnswers('Marked')
    // The résumé joins the last group of questions: the last step before the review.
    const resumeStep = APPLICATION_STEPS.length - 2
    for (const [i, step] of APPLICATION_STEPS.slice(0, resumeStep).entries()) {
      await heading(page, i + 1)
      await fillStepByValue(page, step.fields, answers)
      await page.locator('form.schema-form .form__submit').click()
    }
    await heading(page, resumeStep + 1)
    // The file's name is the visitor's: marked, as the notes repeat it.
    const resume = page.locator('#application-resume')
    await resume.setInputFiles({ name: mark('foto.png'), mimeType: 'image/png', buffer: Buffer.from('png') })
    await page.locator('#application-resume-error').waitFor()
    expect(await unmarkedWords(page), 'a file of the wrong type').toEqual([])
    await resume.setInputFiles({ name: mark('cv.pdf'), mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') })
    await page.reload()
    await page.locator('form.schema-form[data-enhanced="true"]').waitFor()
    await page.locator('#application-resume-notice').waitFor()
    expect(await unmarkedWords(page), 'the note after a reload').toEqual([])
    for (const [i, step] of APPLICATION_STEPS.slice(resumeStep, -1).entries()) {
      await heading(page, resumeStep + i + 1)
      await fillStepByValue(page, step.fields, answers)
      await page.locator('form.schema-form .form__submit').click()
    }
    await page.locator('#application-review').waitFor()
    expect(await unmarkedWords(page), 'the review without the résumé').toEqual([])
  })

  it('the contact form: its errors, the offline status and the failure toast', async () => {
    const { page } = await openPage(browser, { baseURL: base, viewport: { width: 375, height: 800 } })
    await page.goto('/es/contacto')
    await waitForHydration(page)
    await turnToForm(page)
    await page.locator('#contact-email').fill('x@')
    await page.locator('form.schema-form button[type="submit"]').click()
    await page.locator('#contact-email-error').waitFor()
    expect(await unmarkedWords(page)).toEqual([])
    await page.route('**/functions/v1/submit-lead', (route) => route.abort('internetdisconnected'))
    await page.locator('#contact-name').fill(mark('Sam'))
    await page.locator('#contact-email').fill(EMAIL)
    await page.locator('#contact-message').fill(mark('Hola'))
    await page.locator('form.schema-form button[type="submit"]').click()
    await page.locator('.mantine-Notification-root').waitFor({ timeout: 30_000 })
    await expect.poll(async () => (await page.locator('.form__announcement').allTextContents()).join('')).not.toBe('')
    expect(await unmarkedWords(page)).toEqual([])
  })

  it('the application: each step, its errors, the review, Start over, sending and its toast', async () => {
    const { page } = await openPage(browser, { baseURL: base, viewport: { width: 375, height: 800 } })
    const asked: string[] = []
    page.on('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto('/es/empleo')
    await waitForHydration(page)
    await turnToForm(page)
    const answers = applicationAnswers('Marked')
    await heading(page, 1)
    await page.locator('form.schema-form .form__submit').click()
    await page.locator('#application-firstName-error').waitFor()
    expect(await unmarkedWords(page), 'step 1 with its errors').toEqual([])
    for (const [i, step] of APPLICATION_STEPS.slice(0, -1).entries()) {
      await heading(page, i + 1)
      await fillStepByValue(page, step.fields, answers)
      if (step.fields.includes('otherLanguages')) {
        await page.locator('#application-otherLanguages input[value="yes"]').check()
        await page.locator('#application-otherLanguagesDetails').fill(mark('Creole'))
      }
      expect(await unmarkedWords(page), `step ${i + 1}`).toEqual([])
      await page.locator('form.schema-form .form__submit').click()
    }
    await heading(page, APPLICATION_STEPS.length)
    await page.locator('#application-review').waitFor()
    expect(await unmarkedWords(page), 'the review').toEqual([])
    await page.locator('.form__start-over').click()
    expect(asked.map((question) => question.startsWith('⟦') && question.endsWith('⟧'))).toEqual([true])

    await page.route('**/functions/v1/submit-application', (route) => route.abort('internetdisconnected'))
    await page.locator('form.schema-form button[type="submit"]').click()
    await page.locator('.mantine-Notification-root').waitFor({ timeout: 30_000 })
    expect(await unmarkedWords(page), 'offline, with its toast').toEqual([])
    await page.unroute('**/functions/v1/submit-application')
    await page.locator('form.schema-form button[type="submit"]').click()
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 30_000 }).toBe(2)
    await heading(page, 1)
    expect(await unmarkedWords(page), 'sent, with its toast').toEqual([])
  })
})

// The job application on the Spanish site (/es/empleo): the same schema, validator and function
// as /careers, with its words from forms/application/es.json and site.yaml's Spanish form texts
// (the steps' buttons and headings, the review). In steps at 375 px, through a reload, axe on
// every step, and without JavaScript: each time one application stored with `locale: es`.
import type { Browser, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import es from '../../forms/application/es.json' with { type: 'json' }
import { browserForThisFile, openPage } from './browser'
import * as form from './form-helpers'
import { storedSubmissions } from './submissions'

let browser: Browser
browserForThisFile((b) => (browser = b))

const words = form.applicationWords('es')
const STEPS = words.steps
const titles = es.fields as Record<string, { title: string }>
// Words the English application shows that must never appear on the Spanish one.
const ENGLISH = /\b(Next|Back|Start over|Step \d|Review your answers|Edit|Yes|Submit|Resume|Select an?|Only if)\b/

/** The review's rows, as "question: answer". */
const reviewRows = (page: Page) =>
  page
    .locator('#application-review dl > div')
    .evaluateAll((rows) =>
      rows.map((row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`),
    )

const formText = async (page: Page) => (await page.locator('form.schema-form').innerText()).replace(/\s+/g, ' ')

describe('the Spanish application', () => {
  it('at 375 px: every step in Spanish, a Spanish message at a field, the review, one application stored in Spanish', async () => {
    const { page, console } = await openPage(browser, { viewport: { width: 375, height: 800 } })
    await form.gotoForm(page, '/es/empleo')
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es')
    const lastName = `Gomez${form.unique()}`
    const answers = form.applicationAnswers(lastName, es)
    await form.stepShown(page, 'Datos personales', words)

    // Siguiente with the e-mail empty: its Spanish message, at the field.
    for (const field of STEPS[0].fields) if (field !== 'email') await form.fill(page, field, answers[field])
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click()
    await expect(page.locator('#application-email-error').textContent()).resolves.toBe(
      'Correo electrónico: este dato es obligatorio.',
    )
    expect(await formText(page)).not.toMatch(ENGLISH)
    await form.fill(page, 'email', answers.email)

    // Every step, its words checked before going on.
    await form.fillStep(page, answers, words)
    for (const step of STEPS.slice(1, -1)) {
      await form.stepShown(page, step.title, words)
      expect(await formText(page), step.title).not.toMatch(ENGLISH)
      if (step.title === 'Experiencia') await page.getByLabel(titles.resume.title).setInputFiles(form.PDF)
      await form.fillStep(page, answers, words)
    }

    // The review: the Spanish questions and answers, an Edit (Modificar) button per step.
    await form.stepShown(page, 'Revise sus respuestas', words)
    const rows = await reviewRows(page)
    expect(rows).toContain(`${titles.felonyConviction.title}: No`)
    expect(rows).toContain(`${titles.positionType.title}: Tiempo completo`)
    expect(rows).toContain(`${titles.resume.title}: resume.pdf`)
    for (const step of STEPS.slice(0, -1))
      await expect(page.getByRole('button', { name: `Modificar ${step.title}` }).isVisible()).resolves.toBe(true)
    expect(await formText(page)).not.toMatch(ENGLISH)

    await form.whileSending(
      page,
      'submit-application',
      () => page.getByRole('button', { name: 'Enviar solicitud' }).click(),
      () => expect(page.getByRole('button', { name: 'Enviando solicitud...' }).isDisabled()).resolves.toBe(true),
    )
    await form.toast(page).waitFor({ timeout: 15_000 })
    await expect(form.toast(page).textContent()).resolves.toContain('Solicitud enviada')
    const stored = storedSubmissions().applications.filter((a) => a.last_name === lastName)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ locale: 'es', position_type: 'full-time', resume_file_name: 'resume.pdf' })
    expect(console.filter((c) => c.type === 'error')).toEqual([])
  })

  it('a reload on step 3 keeps the Spanish answers and the step', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 800 } })
    await form.gotoForm(page, '/es/empleo')
    const answers = form.applicationAnswers('Recarga', es)
    await form.fillStep(page, answers, words)
    await form.fillStep(page, answers, words)
    await form.answer(page, 'usCitizen', 'Sí')
    await page.reload()
    await page.locator('form.schema-form[data-enhanced="true"]').waitFor()
    await form.stepShown(page, 'Requisitos', words)
    await expect(page.locator('#application-usCitizen').getByLabel('Sí', { exact: true }).isChecked()).resolves.toBe(
      true,
    )
    await expect(page.locator('#application-lastName').inputValue()).resolves.toBe('Recarga')
    await expect(page.locator('#application-shiftAvailability').inputValue()).resolves.toBe('all-shifts')
  })

  it.each([
    ['mobile', 375],
    ['desktop', 1280],
  ])('axe finds nothing on any Spanish step (%s)', async (_, width) => {
    const { page } = await openPage(browser, { viewport: { width, height: 900 }, reducedMotion: 'reduce' })
    await form.gotoForm(page, '/es/empleo')
    const answers = form.applicationAnswers('Axe', es)
    await form.throughEveryStep(
      page,
      answers,
      async (title) => expect(await form.axeFinds(page, title)).toEqual([]),
      words,
    )
  })

  it('without JavaScript, is stored in Spanish and lands on /es/empleo/gracias', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false })
    await page.goto('/es/empleo')
    const lastName = `SinJS${form.unique()}`
    await form.fillApplication(page, lastName, 'es')
    await expect(page.locator('#application-misdemeanorDetails-condition').textContent()).resolves.toMatch(
      /^Solo si respondió “Sí” a “¿Alguna vez ha recibido una condena por un delito menor/,
    )
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Enviar solicitud' }).click()])
    await page.getByRole('heading', { level: 1, name: 'Solicitud enviada' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/es/empleo/gracias')
    const stored = storedSubmissions().applications.filter((a) => a.last_name === lastName)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ locale: 'es', first_name: 'Sam', zip_code: '32801' })
  })
})

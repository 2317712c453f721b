// The contact form on the Spanish site (/es/contacto): the same fields, schema and function as
// the English one, with its words from forms/contact/es.json and site.yaml's Spanish texts; the
// submission carries its language, so the function's messages are Spanish too. With and without
// JavaScript, one lead is stored, with its language; without JavaScript it ends on the Spanish
// thank-you page.
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import es from '../../forms/contact/es.json' with { type: 'json' }
import { launchBrowser, openPage } from './browser'
import { gotoForm, toast, unique } from './form-helpers'
import { storedSubmissions } from './submissions'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const ENGLISH_FORM_WORDS = ['Full name', 'Email address', 'How can we help?', 'Select a service', 'Optional.']

describe('the Spanish contact form', () => {
  it('is in Spanish, says an invalid e-mail in Spanish at the field, and stores one lead in Spanish', async () => {
    const { page, console } = await openPage(browser)
    await gotoForm(page, '/es/contacto')
    const form = page.locator('form.schema-form')
    const words = (await form.innerText()).replace(/\s+/g, ' ')
    for (const english of ENGLISH_FORM_WORDS) expect(words).not.toContain(english)
    await expect(page.getByLabel('Servicio que le interesa').locator('option').allInnerTexts()).resolves.toEqual([
      es.fields.service.placeholder,
      ...Object.values(es.fields.service.options),
    ])

    const name = `María ${unique()}`
    await page.getByLabel('Nombre completo').fill(name)
    await page.getByLabel('Correo electrónico').fill('maria@')
    await page.getByLabel('¿En qué podemos ayudarle?').fill('Protección para una gala en Miami Beach el mes próximo.')
    await page.getByRole('button', { name: 'Solicitar consulta' }).click()
    await expect(page.locator('#contact-email-error').textContent()).resolves.toBe(
      'Escriba un correo electrónico válido, como nombre@ejemplo.com.',
    )
    await expect(page.getByRole('alert').filter({ hasText: 'respuesta' }).textContent()).resolves.toBe(
      '1 respuesta necesita su atención. Ya está en la primera.',
    )
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('contact-email')

    await page.getByLabel('Correo electrónico').fill('maria@example.com')
    await page.getByLabel('Servicio que le interesa').selectOption({ label: 'Seguridad para eventos' })
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/functions/v1/submit-lead') && r.method() === 'POST'),
      page.getByRole('button', { name: 'Solicitar consulta' }).click(),
    ])
    expect(request.postDataJSON()).toMatchObject({ locale: 'es', page: '/es/contacto', service: 'event-security' })
    await toast(page).waitFor()
    await expect(toast(page).textContent()).resolves.toContain('Mensaje recibido')
    const rows = storedSubmissions().leads.filter((l) => l.name === name)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ locale: 'es', page: '/es/contacto', service: 'event-security' })
    expect(console.filter((c) => c.type === 'error')).toEqual([])
  })

  it("shows the function's Spanish messages at their fields", async () => {
    const { page } = await openPage(browser)
    await gotoForm(page, '/es/contacto')
    // The real function's answer: the request reaches it with an e-mail the browser would have
    // refused, so what comes back, unchanged, is the function's own wording in the submission's language.
    let answered: unknown
    await page.route('**/functions/v1/submit-lead', async (route) => {
      const response = await route.fetch({
        postData: JSON.stringify({ ...route.request().postDataJSON(), email: 'x' }),
      })
      answered = await response.json()
      await route.fulfill({ response })
    })
    await page.getByLabel('Nombre completo').fill(`Mensaje ${unique()}`)
    await page.getByLabel('Correo electrónico').fill('maria@example.com')
    await page.getByLabel('¿En qué podemos ayudarle?').fill('Una consulta.')
    await page.getByRole('button', { name: 'Solicitar consulta' }).click()
    await expect(page.locator('#contact-email-error').textContent()).resolves.toBe(
      'Escriba un correo electrónico válido, como nombre@ejemplo.com.',
    )
    expect(answered).toMatchObject({
      fields: [{ path: '/email', message: 'Escriba un correo electrónico válido, como nombre@ejemplo.com.' }],
    })
    await expect(page.getByLabel('¿En qué podemos ayudarle?').inputValue()).resolves.toBe('Una consulta.')
  })

  it('without JavaScript, stores one lead in Spanish and shows the Spanish thank-you page', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false })
    await page.goto('/es/contacto')
    const name = `Sin JS ${unique()}`
    await page.getByLabel('Nombre completo').fill(name)
    await page.getByLabel('Correo electrónico').fill('sinjs@example.com')
    await page.getByLabel('¿En qué podemos ayudarle?').fill('Vigilancia para una residencia en Coral Gables.')
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Solicitar consulta' }).click()])
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/es/contacto/gracias')
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es')
    const rows = storedSubmissions().leads.filter((l) => l.name === name)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ locale: 'es', page: '/es/contacto' })
  })
})

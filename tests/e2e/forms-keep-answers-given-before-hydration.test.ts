// What a visitor does before the form's code has arrived counts once it has: every answer typed,
// chosen or attached is in rjsf's data and sent without retyping, and a conditional question
// answered while every field was shown follows its rule once the rules apply.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, openPage } from './browser'
import { answer, fillApplication, goToStep, holdFormCode, PDF, toast, unique } from './form-helpers'
import { storedSubmissions } from './submissions'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const hydratedForm = (page: Page) => page.locator('form.schema-form[data-enhanced="true"]').waitFor()

describe('answers given before the form has hydrated', () => {
  it('are all sent after hydration without retyping: the stored lead holds every answer', async () => {
    const { page, console } = await openPage(browser)
    const code = await holdFormCode(page, 'contact')
    await gotoHydrated(page, '/contact-us')
    const name = `Early Lead ${unique()}`
    await page.getByLabel('Full name').fill(name)
    await page.getByLabel('Email address').fill('early.lead@example.com')
    await page.getByLabel('Phone number').fill('(407) 555-0111')
    await page.getByLabel('Service of interest').selectOption({ label: 'Maritime Security' })
    await page.getByLabel('How can we help?').fill('A crew vetting before the boat show.')
    await code.requested
    await expect(page.locator('#contact-form').getAttribute('data-enhanced')).resolves.toBeNull()

    code.release()
    await hydratedForm(page)
    // Nothing is typed again: the button is pressed on what the page already holds.
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await toast(page).waitFor({ timeout: 15_000 })
    await expect(toast(page).textContent()).resolves.toContain('Message Received')
    const rows = storedSubmissions().leads.filter((l) => l.name === name)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      email: 'early.lead@example.com',
      phone: '(407) 555-0111',
      service: 'maritime-security',
      message: 'A crew vetting before the boat show.',
      page: '/contact-us',
    })
    expect(console.filter((c) => c.type === 'error')).toEqual([])
  })

  it('a conditional answer is shown without the form code, then hidden and dropped when its rule says so', async () => {
    const { page } = await openPage(browser)
    const code = await holdFormCode(page, 'application')
    await gotoHydrated(page, '/careers')
    const lastName = `Conditional${unique()}`
    await fillApplication(page, lastName)
    // Every question is on the page, the conditional one labelled with its condition.
    await expect(page.locator('#application-otherLanguagesDetails-condition').textContent()).resolves.toBe(
      'Only if you answered “Yes” to “Do you speak any other languages?”',
    )
    await page.locator('#application-otherLanguagesDetails').fill('Haitian Creole (fluent)')
    await answer(page, 'otherLanguages', 'No')
    await page.getByLabel('Resume (optional)').setInputFiles(PDF)
    await code.requested

    code.release()
    await hydratedForm(page)
    // The rule applies: "No" hides the details, and what was typed there is not sent.
    await expect(page.locator('#application-otherLanguagesDetails').count()).resolves.toBe(0)
    await expect(page.locator('#application-otherLanguagesDetails-condition').count()).resolves.toBe(0)
    // The form is in steps now: every answer is there, and the review is where it is sent.
    await goToStep(page, 'Review your answers')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await toast(page).waitFor({ timeout: 15_000 })
    await expect(toast(page).textContent()).resolves.toContain('Application Submitted')
    const rows = storedSubmissions().applications.filter((a) => a.last_name === lastName)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      other_languages: 'no',
      other_languages_details: null,
      state: 'FL',
      security_experience: 4,
      resume_file_name: 'resume.pdf',
    })
  })
})

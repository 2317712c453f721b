// The job application in steps (forms/application/uischema.json `ui:options.steps`), with
// JavaScript, against the real local backend: per-step checks, Back and the browser's Back,
// the review, a reload, the function's refusal, axe on every step and the keyboard alone.
import type { Browser, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { applicationForm } from '../../forms/application/form'
import { browserForThisFile, openPage, ROUTER_SCROLL_KEY } from './browser'
import * as form from './form-helpers'
import { storedSubmissions } from './submissions'

let browser: Browser
browserForThisFile((b) => (browser = b))

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id)
const properties = applicationForm.schema.properties as Record<
  string,
  { title: string; oneOf?: { const: string; title: string }[] }
>

/** Every address the page went to, the history's own entries included. */
function addressesOf(page: Page) {
  const addresses: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url())
  })
  page.on('request', (request) => addresses.push(request.url()))
  return addresses
}

/** The review's rows, as "question: answer". */
const reviewRows = (page: Page) =>
  page
    .locator('#application-review dl > div')
    .evaluateAll((rows) =>
      rows.map((row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`),
    )

/** An answer as the function stores it: the chosen option's value, a number as a number. */
function stored(field: string, value: form.Fill): unknown {
  if ('text' in value) return field === 'securityExperience' ? Number(value.text) : value.text
  const title = 'option' in value ? value.option : value.choice
  return properties[field]?.oneOf?.find((o) => o.title === title)?.const
}

/** What the review should say of an answer: the question's title, the chosen option's title. */
function shown(field: string, value: form.Fill): string {
  const text = 'text' in value ? value.text : 'option' in value ? value.option : value.choice
  return `${properties[field]?.title ?? field}: ${text}`
}

describe('the application in steps', () => {
  it('the full path at 375 px: checks per step, answers kept going back, the review, one record, nothing left behind', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 800 } })
    const addresses = addressesOf(page)
    await form.gotoForm(page, '/careers')
    const lastName = `Steps${form.unique()}`
    const answers = form.applicationAnswers(lastName)
    await form.stepShown(page, 'Personal details')
    await expect(page.locator('progress').getAttribute('value')).resolves.toBe('1')

    // Next with one required field empty: its message only, on this step, focused.
    for (const field of form.APPLICATION_STEPS[0].fields)
      if (field !== 'email') await form.fill(page, field, answers[field])
    await page.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => page.locator('#application-email-error').textContent()).toBe('Email address is required.')
    await expect.poll(() => page.locator('.form__error').count()).toBe(1)
    await expect.poll(() => focusedId(page)).toBe('application-email')
    await form.stepShown(page, 'Personal details')
    // Enter in a text field goes on to the next step.
    await form.fill(page, 'email', answers.email)
    await page.locator('#application-email').press('Enter')
    await form.stepShown(page, 'Position')
    await expect.poll(() => focusedId(page)).toBe('application-step-heading')
    await expect(page.locator('progress').getAttribute('value')).resolves.toBe('2')

    // The Back button, then the browser's Back and Forward: every answer is kept.
    for (const field of form.APPLICATION_STEPS[1].fields) await form.fill(page, field, answers[field])
    await page.getByRole('button', { name: 'Back' }).click()
    await form.stepShown(page, 'Personal details')
    await expect(page.locator('#application-lastName').inputValue()).resolves.toBe(lastName)
    await page.goBack()
    await form.stepShown(page, 'Position')
    await expect.poll(() => focusedId(page)).toBe('application-step-heading')
    await expect.poll(() => page.locator('#application-positionType').inputValue()).toBe('full-time')
    await page.goBack()
    await form.stepShown(page, 'Personal details')
    await expect.poll(() => page.locator('#application-zipCode').inputValue()).toBe('32801')
    await page.goForward()
    await form.stepShown(page, 'Position')
    await form.fillStep(page, answers)

    // A details field appears in the step of its question.
    await form.answer(page, 'otherLanguages', 'Yes')
    await expect(
      page.locator('fieldset.form__group:visible').locator('#application-otherLanguagesDetails').isVisible(),
    ).resolves.toBe(true)
    await page.locator('#application-otherLanguagesDetails').fill('Spanish (fluent)')
    const withDetails: Record<string, form.Fill> = {
      ...answers,
      otherLanguages: { choice: 'Yes' },
      otherLanguagesDetails: { text: 'Spanish (fluent)' },
    }
    await form.fillStep(page, withDetails)
    await form.fillStep(page, withDetails)
    // An answer the rules hide again is neither listed nor sent.
    await form.answer(page, 'jobTermination', 'Yes')
    await page.locator('#application-terminationDetails').fill('Contract ended.')
    await form.answer(page, 'jobTermination', 'No')
    await form.fillStep(page, withDetails)
    await form.fillStep(page, withDetails)
    await page.getByLabel('Resume (optional)').setInputFiles(form.PDF)
    await form.fillStep(page, withDetails)

    // The review: exactly the answers given, by step, each step with its Edit button.
    await form.stepShown(page, 'Review your answers')
    const expected = [
      ...Object.entries(withDetails).map(([field, value]) => shown(field, value)),
      'Resume (optional): resume.pdf',
    ]
    expect((await reviewRows(page)).sort()).toEqual(expected.sort())
    for (const step of form.APPLICATION_STEPS.slice(0, -1))
      await expect(page.getByRole('button', { name: `Edit ${step.title}` }).isVisible()).resolves.toBe(true)
    await expect(page.locator('#application-review').textContent()).resolves.not.toContain('Contract ended.')

    await form.whileSending(
      page,
      'submit-application',
      () => page.getByRole('button', { name: 'Submit Application' }).click(),
      () => expect(page.getByRole('button', { name: 'Submitting Application...' }).isDisabled()).resolves.toBe(true),
    )
    await form.toast(page).waitFor({ timeout: 15_000 })
    await expect(form.toast(page).textContent()).resolves.toBe(
      "Application SubmittedThank you for your interest. We'll review your application and contact you soon.",
    )
    // One record, equal to the answers, the résumé included.
    const rows = storedSubmissions().applications.filter((a) => a.last_name === lastName)
    expect(rows).toHaveLength(1)
    for (const [field, value] of Object.entries(withDetails))
      expect(rows[0][field.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)], field).toEqual(stored(field, value))
    expect(rows[0]).toMatchObject({ resume_file_name: 'resume.pdf', termination_details: null })

    // Nothing is left in the tab (the form, reset after the toast, clears its kept answers; the
    // router's scroll positions, for Back, may stay: they hold no answer), and no address ever
    // held an answer.
    await expect
      .poll(async () => (await page.evaluate(() => Object.keys(sessionStorage))).filter((k) => k !== ROUTER_SCROLL_KEY))
      .toEqual([])
    await form.stepShown(page, 'Personal details')
    for (const address of addresses)
      for (const value of [lastName, 'Orlando', '32801', '555-0199', 'Spanish', 'Lake Street', 'full-time'])
        expect(decodeURIComponent(address)).not.toContain(value)
  })

  it('a reload on step 3 returns to step 3 with the answers, and asks for the résumé again', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 } })
    await form.gotoForm(page, '/careers')
    const answers = form.applicationAnswers('Reload')
    await form.fillStep(page, answers)
    await form.fillStep(page, answers)
    await form.answer(page, 'usCitizen', 'Yes')
    await page.reload()
    await page.locator('form.schema-form[data-enhanced="true"]').waitFor()
    await form.stepShown(page, 'Eligibility')
    await expect(page.locator('#application-usCitizen').getByLabel('Yes', { exact: true }).isChecked()).resolves.toBe(
      true,
    )
    await expect(page.locator('#application-lastName').inputValue()).resolves.toBe('Reload')
    await expect(page.locator('#application-shiftAvailability').inputValue()).resolves.toBe('all-shifts')

    // A file cannot be kept across a reload: the form says so at the field and asks again.
    await form.fillApplication(page, 'Reload')
    await form.goToStep(page, 'Experience')
    await page.getByLabel('Resume (optional)').setInputFiles(form.PDF)
    await page.reload()
    await page.locator('form.schema-form[data-enhanced="true"]').waitFor()
    await form.stepShown(page, 'Experience')
    await expect(page.locator('#application-resume-notice').textContent()).resolves.toBe(
      '“resume.pdf” could not be kept when the page reloaded: please choose your résumé again.',
    )
    await expect(page.getByLabel('Resume (optional)').getAttribute('aria-describedby')).resolves.toContain(
      'application-resume-notice',
    )
    await form.goToStep(page, 'Review your answers')
    await expect(reviewRows(page)).resolves.toContain('Resume (optional): Not attached: choose “resume.pdf” again')
  })

  it('a 400 with a field error on step 2 shows step 2 with the message at the field', async () => {
    const { page } = await openPage(browser)
    await page.route('**/functions/v1/submit-application', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Please correct the highlighted fields.',
          fields: [{ path: '/shiftAvailability', message: 'Choose one of the listed shifts.' }],
        }),
      }),
    )
    await form.gotoForm(page, '/careers')
    await form.fillApplication(page, 'Refused')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await form.stepShown(page, 'Position')
    await expect(page.locator('#application-shiftAvailability-error').textContent()).resolves.toBe(
      'Choose one of the listed shifts.',
    )
    await expect.poll(() => focusedId(page)).toBe('application-shiftAvailability')
    await expect(form.toast(page).textContent()).resolves.toContain('Submission Error')
  })

  it('"Start over" clears every answer after asking once', async () => {
    const { page } = await openPage(browser)
    await form.gotoForm(page, '/careers')
    await form.fillStep(page, form.applicationAnswers('Again'))
    const asked: string[] = []
    page.once('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.accept()
    })
    await page.getByRole('button', { name: 'Start over' }).click()
    await form.stepShown(page, 'Personal details')
    expect(asked).toEqual(['Clear every answer and start again?'])
    await expect(page.locator('#application-lastName').inputValue()).resolves.toBe('')
    await expect(page.evaluate(() => sessionStorage.getItem('application-form'))).resolves.toBeNull()
  })

  it.each([
    ['desktop', 1280],
    ['mobile', 375],
  ])('axe finds nothing on any step (%s)', async (_, width) => {
    const { page } = await openPage(browser, { viewport: { width, height: 900 }, reducedMotion: 'reduce' })
    await form.gotoForm(page, '/careers')
    const answers = form.applicationAnswers('Axe')
    await form.throughEveryStep(page, answers, async (title) => expect(await form.axeFinds(page, title)).toEqual([]))
  })

  it('can be completed and sent with the keyboard alone', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 } })
    await form.gotoForm(page, '/careers')
    const lastName = `Keys${form.unique()}`
    const answers = form.applicationAnswers(lastName)
    let sent = false
    for (let presses = 0; presses < 600 && !sent; presses++) {
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement | null
        return {
          name: element?.name ?? '',
          tag: element?.tagName ?? '',
          type: element?.type ?? '',
          value: element?.value ?? '',
          text: element?.textContent?.trim() ?? '',
          inForm: Boolean(element?.closest('form.schema-form')),
        }
      })
      const value = focused.inForm ? answers[focused.name] : undefined
      if (focused.tag === 'BUTTON' && focused.inForm && /^(Next|Submit Application)$/.test(focused.text)) {
        const before = await page.locator('#application-step-heading').textContent()
        await page.keyboard.press('Enter')
        if (focused.text === 'Submit Application') sent = true
        else {
          await page
            .locator('#application-step-heading')
            .filter({ hasNotText: before ?? '' })
            .waitFor()
          await expect.poll(() => focusedId(page)).toBe('application-step-heading')
        }
        continue
      }
      if (value && 'text' in value && !focused.value) {
        await page.keyboard.type(value.text)
        // Enter in the last field of the first step goes on, as Next does.
        if (focused.name === 'zipCode') {
          await page.keyboard.press('Enter')
          await form.stepShown(page, 'Position')
          await expect.poll(() => focusedId(page)).toBe('application-step-heading')
          continue
        }
      } else if (value && 'option' in value && !focused.value) await page.keyboard.type(value.option)
      else if (value && 'choice' in value && focused.type === 'radio') {
        // Tab lands on a question's first answer (Yes): Space picks it, an arrow picks the next (No).
        const checked = await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)
        if (!checked) await page.keyboard.press(value.choice === 'Yes' ? 'Space' : 'ArrowRight')
      }
      await page.keyboard.press('Tab')
    }
    expect(sent).toBe(true)
    await form.toast(page).waitFor({ timeout: 15_000 })
    await expect(form.toast(page).textContent()).resolves.toContain('Application Submitted')
    const rows = storedSubmissions().applications.filter((a) => a.last_name === lastName)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ state: 'FL', us_citizen: 'yes', job_termination: 'no', security_experience: 4 })
  })
})

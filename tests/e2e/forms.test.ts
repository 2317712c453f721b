// The two forms, generated from their registry entries (forms/<kind>/), with JavaScript,
// against the real local backend.
import type { Browser, Page, Request } from 'playwright'
import { describe, expect, it } from 'vitest'
import { baseURL, browserForThisFile, openPage } from './browser'
import * as form from './form-helpers'
import { storedSubmissions } from './submissions'

let browser: Browser
browserForThisFile((b) => (browser = b))

async function payloadsOf(page: Page, path: string) {
  const bodies: Record<string, unknown>[] = []
  page.on('request', (request: Request) => {
    if (request.url().endsWith(path) && request.method() === 'POST') {
      const type = request.headers()['content-type'] ?? ''
      if (type.includes('application/json')) bodies.push(JSON.parse(request.postData() ?? '{}'))
      else {
        const match = /name="payload"\r\n\r\n([\s\S]*?)\r\n--/.exec(request.postDataBuffer()?.toString('latin1') ?? '')
        if (match) bodies.push(JSON.parse(match[1]))
      }
    }
  })
  return bodies
}

describe('contact form', () => {
  it('is a plain HTML form in the prerendered page that posts to its function, with its fields by name', async () => {
    const html = await (await fetch(`${baseURL()}/contact-us`)).text()
    const formTag = /<form [^>]*>/.exec(html.slice(html.indexOf('id="contact-form"') - 100))?.[0] ?? ''
    expect(formTag).toContain('id="contact-form"')
    expect(formTag).toContain(' action="/functions/v1/submit-lead?reply=page"')
    expect(formTag).toContain(' method="post"')
    for (const name of ['name', 'email', 'phone', 'service', 'message', 'website', '_page'])
      expect(html).toContain(`name="${name}"`)
    expect(html).not.toContain('root_')
    expect(html).toMatch(/<label class="form__label" for="contact-name">Full name/)
  })

  it('refuses an empty submission with visible, announced messages and focuses the first field', async () => {
    const { page, console } = await openPage(browser)
    await form.gotoForm(page, '/contact-us')
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'need your attention' }).textContent()).resolves.toMatch(
      /^3 answers need your attention/,
    )
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('contact-name')
    await expect(page.getByLabel('Full name').getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(page.getByText('Full name is required.').isVisible()).resolves.toBe(true)
    await page.getByLabel('Email address').fill('not-an-email')
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await page.getByText('Enter a valid email address, like name@example.com.').waitFor()
    expect(console.filter((c) => c.type !== 'warning')).toEqual([])
  })

  it('sends, stores once, shows the exact toast and clears the form', async () => {
    const { page } = await openPage(browser)
    await form.gotoForm(page, '/contact-us')
    const name = `Lead ${form.unique()}`
    await form.fillContact(page, name)
    const button = page.getByRole('button', { name: 'Request Consultation' })
    await form.whileSending(
      page,
      'submit-lead',
      () => button.dblclick(),
      () => expect(page.getByRole('button', { name: 'Submitting...' }).isDisabled()).resolves.toBe(true),
    )
    await form.toast(page).waitFor()
    await expect(form.toast(page).textContent()).resolves.toBe(
      "Message ReceivedWe'll contact you within 24 hours for a confidential consultation.",
    )
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('')
    const rows = storedSubmissions().leads.filter((l) => l.name === name)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ service: null, message: 'Protection for a board meeting in Orlando next month.' })
  })

  it('accepts an international phone number in the optional phone field', async () => {
    const { page } = await openPage(browser)
    await form.gotoForm(page, '/contact-us')
    const name = `Abroad ${form.unique()}`
    await form.fillContact(page, name)
    await page.getByLabel('Phone number').fill('+44 20 7946 0958')
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await form.toast(page).waitFor()
    await expect(form.toast(page).textContent()).resolves.toContain('Message Received')
    expect(storedSubmissions().leads.find((l) => l.name === name)).toMatchObject({ phone: '+44 20 7946 0958' })
  })

  it("shows the server's field messages at their fields, focuses the first, keeps every entry and shows the exact toast", async () => {
    const { page, console } = await openPage(browser)
    // What the function answers when its validation disagrees with the browser's.
    await page.route('**/functions/v1/submit-lead', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Please correct the highlighted fields.',
          fields: [
            { path: '/email', message: 'Enter a valid email address, like name@example.com.' },
            { path: '/message', message: 'How can we help? must be at most 5000 characters.' },
          ],
        }),
      }),
    )
    await form.gotoForm(page, '/contact-us')
    await form.fillContact(page, 'Kept Entries')
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await form.toast(page).waitFor()
    await expect(form.toast(page).textContent()).resolves.toBe(
      'Submission ErrorThere was a problem submitting your request. Please try again or call us directly.',
    )
    await expect(page.locator('#contact-email-error').textContent()).resolves.toBe(
      'Enter a valid email address, like name@example.com.',
    )
    await expect(page.locator('#contact-message-error').textContent()).resolves.toBe(
      'How can we help? must be at most 5000 characters.',
    )
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('contact-email')
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Kept Entries')
    await expect(page.getByLabel('How can we help?').inputValue()).resolves.toBe(
      'Protection for a board meeting in Orlando next month.',
    )
    expect(console.some((c) => c.type === 'error' && c.text.includes('submit-lead failed'))).toBe(true)
  })

  it('says so when offline, keeping the entries', async () => {
    const { page, context } = await openPage(browser)
    await form.gotoForm(page, '/contact-us')
    await form.fillContact(page, 'Offline Visitor')
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await page.locator('.form__announcement').filter({ hasText: 'offline' }).waitFor()
    await expect(page.locator('.form__announcement').textContent()).resolves.toMatch(
      /^You appear to be offline, so nothing was sent\. Your answers are kept/,
    )
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Offline Visitor')
  })

  it('retries a failing backend with one idempotency key, and the submission is stored once', async () => {
    const { page } = await openPage(browser)
    let failures = 2
    const keys: string[] = []
    await page.route('**/functions/v1/submit-lead', async (route) => {
      keys.push(JSON.parse(route.request().postData() ?? '{}').idempotencyKey)
      if (failures-- > 0)
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"busy"}' })
      return route.continue()
    })
    await form.gotoForm(page, '/contact-us')
    const name = `Retry ${form.unique()}`
    await form.fillContact(page, name)
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await form.toast(page).waitFor({ timeout: 15_000 })
    await expect(form.toast(page).textContent()).resolves.toContain('Message Received')
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
    expect(storedSubmissions().leads.filter((l) => l.name === name)).toHaveLength(1)
  })
})

describe('application form', () => {
  it('shows each conditional field only while its condition holds, in the step of its question', async () => {
    const { page } = await openPage(browser)
    await form.gotoForm(page, '/careers')
    await form.fillApplication(page, 'Conditions')
    const pairs: [string, string, string][] = [
      ['Eligibility', 'otherLanguages', 'otherLanguagesDetails'],
      ['Background', 'misdemeanorConviction', 'misdemeanorDetails'],
      ['Background', 'marijuanaUse', 'marijuanaDetails'],
      ['Background', 'employerDiscipline', 'disciplineDetails'],
      ['Background', 'jobTermination', 'terminationDetails'],
    ]
    for (const [step, question, details] of pairs) {
      await form.goToStep(page, step)
      await expect(page.locator(`#application-${details}`).count()).resolves.toBe(0)
      await form.answer(page, question, 'Yes')
      await expect(page.locator(`#application-${details}`).isVisible()).resolves.toBe(true)
      await form.answer(page, question, 'No')
      await expect(page.locator(`#application-${details}`).count()).resolves.toBe(0)
    }
  })

  it('shows the branch of service only for military answers other than none', async () => {
    const { page } = await openPage(browser)
    await form.gotoForm(page, '/careers')
    await form.fillApplication(page, 'Military')
    await form.goToStep(page, 'Military service')
    await expect(page.locator('#application-militaryBranch').count()).resolves.toBe(0)
    await page.locator('#application-militaryService').selectOption({ label: 'Honorable discharge' })
    await expect(page.locator('#application-militaryBranch').isVisible()).resolves.toBe(true)
    await page.locator('#application-militaryService').selectOption({ label: 'No military service' })
    await expect(page.locator('#application-militaryBranch').count()).resolves.toBe(0)
  })

  it('requires the text fields and the yes/no questions, step by step, with announced messages', async () => {
    const { page } = await openPage(browser)
    await form.gotoForm(page, '/careers')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'need your attention' }).textContent()).resolves.toMatch(
      /^8 answers need your attention/,
    )
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('application-firstName')
    // The yes/no questions of the third step.
    await form.fillStep(page, form.applicationAnswers('Required'))
    await form.fillStep(page, form.applicationAnswers('Required'))
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.locator('#application-usCitizen-error').textContent()).resolves.toBe(
      'Please answer: Are you a U.S. citizen?',
    )
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('application-usCitizen-0')
  })

  it('shows the one ZIP message of the registry for a wrong ZIP code', async () => {
    const { page } = await openPage(browser)
    await form.gotoForm(page, '/careers')
    await page.locator('#application-zipCode').fill('3280')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.locator('#application-zipCode-error').textContent()).resolves.toBe(
      'Enter a 5-digit ZIP code, or ZIP+4 like 32801-1234.',
    )
  })

  it('drops the answers of hidden questions from the review and the payload, stores once and clears', async () => {
    const { page } = await openPage(browser)
    const payloads = await payloadsOf(page, '/functions/v1/submit-application')
    await form.gotoForm(page, '/careers')
    const lastName = `Applicant${form.unique()}`
    await form.fillApplication(page, lastName)
    // Answer yes, type details, then answer no: the details must not be listed or sent.
    await form.goToStep(page, 'Eligibility')
    await form.answer(page, 'otherLanguages', 'Yes')
    await page.locator('#application-otherLanguagesDetails').fill('Spanish')
    await form.answer(page, 'otherLanguages', 'No')
    await form.goToStep(page, 'Background')
    await form.answer(page, 'jobTermination', 'Yes')
    await page.locator('#application-terminationDetails').fill('Position eliminated in 2019.')
    await form.goToStep(page, 'Review your answers')
    await expect(page.locator('#application-review').textContent()).resolves.toContain('Position eliminated in 2019.')
    await expect(page.locator('#application-review').textContent()).resolves.not.toContain('Spanish')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await form.toast(page).waitFor({ timeout: 15_000 })
    await expect(form.toast(page).textContent()).resolves.toBe(
      "Application SubmittedThank you for your interest. We'll review your application and contact you soon.",
    )
    expect(payloads).toHaveLength(1)
    expect(payloads[0]).not.toHaveProperty('otherLanguagesDetails')
    expect(payloads[0]).toMatchObject({
      otherLanguages: 'no',
      jobTermination: 'yes',
      terminationDetails: 'Position eliminated in 2019.',
      securityExperience: 4,
    })
    await form.stepShown(page, 'Personal details')
    await expect(page.locator('#application-firstName').inputValue()).resolves.toBe('')
    const rows = storedSubmissions().applications.filter((a) => JSON.stringify(a).includes(lastName))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0])).not.toContain('Spanish')
  })

  it('delivers the chosen resume to the backend', async () => {
    const { page } = await openPage(browser)
    await form.gotoForm(page, '/careers')
    const lastName = `Resume${form.unique()}`
    await form.fillApplication(page, lastName)
    await form.goToStep(page, 'Experience')
    await page.getByLabel('Resume (optional)').setInputFiles(form.PDF)
    await form.goToStep(page, 'Review your answers')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await form.toast(page).waitFor({ timeout: 15_000 })
    await expect(form.toast(page).textContent()).resolves.toContain('Application Submitted')
    const rows = storedSubmissions().applications.filter((a) => JSON.stringify(a).includes(lastName))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0])).toContain('resume.pdf')
  })

  it("shows the function's refusal of a resume at the resume field, in its step, keeping every answer", async () => {
    const { page } = await openPage(browser)
    await form.gotoForm(page, '/careers')
    await form.fillApplication(page, 'Keeper')
    await form.goToStep(page, 'Experience')
    // Named .pdf but not a PDF inside: the browser lets it through, the function checks the bytes.
    await page
      .getByLabel('Resume (optional)')
      .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') })
    await form.goToStep(page, 'Review your answers')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await form.toast(page).waitFor()
    await expect(form.toast(page).textContent()).resolves.toBe(
      'Submission ErrorThere was a problem submitting your application. Please try again or contact us directly.',
    )
    await form.stepShown(page, 'Experience')
    await expect(page.locator('#application-resume-error').textContent()).resolves.toBe(
      'The résumé must be a PDF or DOCX file.',
    )
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('application-resume')
    await expect(page.locator('#application-lastName').inputValue()).resolves.toBe('Keeper')
    await expect(page.locator('#application-zipCode').inputValue()).resolves.toBe('32801')
    await expect(page.locator('#application-additionalCertifications').inputValue()).resolves.toBe('N/A')
  })

  it('refuses a resume that is not a PDF or DOCX', async () => {
    const { page } = await openPage(browser)
    await form.gotoForm(page, '/careers')
    await form.fillApplication(page, 'Photo')
    await form.goToStep(page, 'Experience')
    await page
      .getByLabel('Resume (optional)')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') })
    await expect(page.getByText('Your resume must be a PDF or DOCX file.').isVisible()).resolves.toBe(true)
  })
})

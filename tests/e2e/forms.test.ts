// The two forms, generated from schemas/ by rjsf, against the real local backend.
import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL, gotoHydrated, launchBrowser, openPage } from './browser'
import { storedSubmissions } from './submissions'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const unique = () => Math.random().toString(36).slice(2, 10)
const toast = (page: Page) => page.locator('.mantine-Notification-root').last()

/** Picks a radio answer by its visible label ("Yes", "No"), as a person would. */
const answer = (page: Page, field: string, label: string) =>
  page
    .locator(`label[for^="root_${field}-"]`)
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click()

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

async function fillContact(page: Page, name: string) {
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Email address').fill(`${name.toLowerCase().replace(/\W/g, '')}@example.com`)
  await page.getByLabel('How can we help?').fill('Protection for a board meeting in Orlando next month.')
}

describe('contact form', () => {
  it('is in the prerendered HTML and hydrates in place', async () => {
    const html = await (await fetch(`${baseURL()}/contact-us`)).text()
    expect(html).toContain('schema-form')
    expect(html).toMatch(/<label[^>]*>Full name/)
  })

  it('refuses an empty submission with visible, announced messages and focuses the first field', async () => {
    const { page, console } = await openPage(browser)
    await gotoHydrated(page, '/contact-us')
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'need your attention' }).textContent()).resolves.toMatch(
      /^3 answers need your attention/,
    )
    await expect(page.evaluate(() => document.activeElement?.getAttribute('id'))).resolves.toBe('root_name')
    await expect(page.getByLabel('Full name').getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(page.getByText('This field is required.').first().isVisible()).resolves.toBe(true)
    await page.getByLabel('Email address').fill('not-an-email')
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await page.getByText('Enter a valid e-mail address, e.g. name@example.com.').first().waitFor()
    expect(console.filter((c) => c.type !== 'warning')).toEqual([])
  })

  it('sends, stores once, shows the exact toast and clears the form', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/contact-us')
    const name = `Lead ${unique()}`
    await fillContact(page, name)
    const button = page.getByRole('button', { name: 'Request Consultation' })
    await button.dblclick()
    await expect(page.getByRole('button', { name: 'Submitting...' }).isDisabled()).resolves.toBe(true)
    await toast(page).waitFor()
    await expect(toast(page).textContent()).resolves.toBe(
      "Message ReceivedWe'll contact you within 24 hours for a confidential consultation.",
    )
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('')
    const rows = storedSubmissions().leads.filter((l) => l.name === name)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ service: null, message: 'Protection for a board meeting in Orlando next month.' })
  })

  it('keeps every entry and shows the exact error toast when the backend refuses', async () => {
    const { page, console } = await openPage(browser)
    await page.route('**/functions/v1/submit-lead', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: '{"error":"Invalid submission","fields":[]}',
      }),
    )
    await gotoHydrated(page, '/contact-us')
    await fillContact(page, 'Kept Entries')
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await toast(page).waitFor()
    await expect(toast(page).textContent()).resolves.toBe(
      'Submission ErrorThere was a problem submitting your request. Please try again or call us directly.',
    )
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Kept Entries')
    await expect(page.getByLabel('How can we help?').inputValue()).resolves.toBe(
      'Protection for a board meeting in Orlando next month.',
    )
    expect(console.some((c) => c.type === 'error' && c.text.includes('submit-lead failed'))).toBe(true)
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
    await gotoHydrated(page, '/contact-us')
    const name = `Retry ${unique()}`
    await fillContact(page, name)
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await toast(page).waitFor({ timeout: 15_000 })
    await expect(toast(page).textContent()).resolves.toContain('Message Received')
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
    expect(storedSubmissions().leads.filter((l) => l.name === name)).toHaveLength(1)
  })
})

describe('application form', () => {
  it('shows each conditional field only while its condition holds', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/careers')
    const pairs: [string, string][] = [
      ['otherLanguages', 'otherLanguagesDetails'],
      ['misdemeanorConviction', 'misdemeanorDetails'],
      ['marijuanaUse', 'marijuanaDetails'],
      ['employerDiscipline', 'disciplineDetails'],
      ['jobTermination', 'terminationDetails'],
    ]
    for (const [question, details] of pairs) {
      const input = page.locator(`#root_${details}`)
      await expect(input.getAttribute('type')).resolves.toBe('hidden')
      await answer(page, question, 'Yes')
      await expect(page.locator(`#root_${details}`).isVisible()).resolves.toBe(true)
      await answer(page, question, 'No')
      await expect(page.locator(`#root_${details}`).getAttribute('type')).resolves.toBe('hidden')
    }
  })

  it('shows the branch of service only for military answers other than none', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/careers')
    await expect(page.locator('#root_militaryBranch').getAttribute('type')).resolves.toBe('hidden')
    await chooseSelect(page, 'root_militaryService', 'Honorable discharge')
    await expect(page.locator('#root_militaryBranch').isVisible()).resolves.toBe(true)
    await chooseSelect(page, 'root_militaryService', 'No military service')
    await expect(page.locator('#root_militaryBranch').getAttribute('type')).resolves.toBe('hidden')
  })

  it('requires the text fields and the yes/no questions, with announced messages', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/careers')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'need your attention' }).textContent()).resolves.toMatch(
      /answers need your attention/,
    )
    await expect(page.evaluate(() => document.activeElement?.getAttribute('id'))).resolves.toBe('root_firstName')
  })

  it('drops the answers of hidden questions from the payload, stores once and clears', async () => {
    const { page } = await openPage(browser)
    const payloads = await payloadsOf(page, '/functions/v1/submit-application')
    await gotoHydrated(page, '/careers')
    const lastName = `Applicant${unique()}`
    await fillApplication(page, lastName)
    // Answer yes, type details, then answer no: the details must not be sent.
    await answer(page, 'otherLanguages', 'Yes')
    await page.locator('#root_otherLanguagesDetails').fill('Spanish')
    await answer(page, 'otherLanguages', 'No')
    await answer(page, 'jobTermination', 'Yes')
    await page.locator('#root_terminationDetails').fill('Position eliminated in 2019.')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await toast(page).waitFor({ timeout: 15_000 })
    await expect(toast(page).textContent()).resolves.toBe(
      "Application SubmittedThank you for your interest. We'll review your application and contact you soon.",
    )
    expect(payloads).toHaveLength(1)
    expect(payloads[0]).not.toHaveProperty('otherLanguagesDetails')
    expect(payloads[0]).toMatchObject({
      otherLanguages: 'no',
      jobTermination: 'yes',
      terminationDetails: 'Position eliminated in 2019.',
    })
    await expect(page.locator('#root_firstName').inputValue()).resolves.toBe('')
    const rows = storedSubmissions().applications.filter((a) => JSON.stringify(a).includes(lastName))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0])).not.toContain('Spanish')
  })

  it('delivers the chosen resume to the backend', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/careers')
    const lastName = `Resume${unique()}`
    await fillApplication(page, lastName)
    await page.getByLabel('Resume (optional)').setInputFiles({
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
    })
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await toast(page).waitFor({ timeout: 15_000 })
    await expect(toast(page).textContent()).resolves.toContain('Application Submitted')
    const rows = storedSubmissions().applications.filter((a) => JSON.stringify(a).includes(lastName))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0])).toContain('resume.pdf')
  })

  it('keeps every answer and shows the exact error toast when the backend refuses', async () => {
    const { page } = await openPage(browser)
    await page.route('**/functions/v1/submit-application', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: '{"error":"Invalid submission","fields":[]}',
      }),
    )
    await gotoHydrated(page, '/careers')
    await fillApplication(page, 'Keeper')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await toast(page).waitFor()
    await expect(toast(page).textContent()).resolves.toBe(
      'Submission ErrorThere was a problem submitting your application. Please try again or contact us directly.',
    )
    await expect(page.locator('#root_lastName').inputValue()).resolves.toBe('Keeper')
    await expect(page.locator('#root_zipCode').inputValue()).resolves.toBe('32801')
    await expect(page.locator('#root_additionalCertifications').inputValue()).resolves.toBe('N/A')
  })

  it('refuses a resume that is not a PDF, DOC or DOCX', async () => {
    const { page } = await openPage(browser)
    await gotoHydrated(page, '/careers')
    await page
      .getByLabel('Resume (optional)')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') })
    await expect(page.getByText('Your resume must be a PDF, DOC or DOCX file.').first().isVisible()).resolves.toBe(true)
  })
})

async function chooseSelect(page: Page, id: string, option: string) {
  await page.locator(`#${id}`).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

async function fillApplication(page: Page, lastName: string) {
  await page.locator('#root_firstName').fill('Sam')
  await page.locator('#root_lastName').fill(lastName)
  await page.locator('#root_email').fill(`${lastName.toLowerCase()}@example.com`)
  await page.locator('#root_phone').fill('(407) 555-0199')
  await page.locator('#root_address').fill('1 Lake Street')
  await page.locator('#root_city').fill('Orlando')
  await chooseSelect(page, 'root_state', 'Florida')
  await page.locator('#root_zipCode').fill('32801')
  await chooseSelect(page, 'root_positionType', 'Full-time')
  await chooseSelect(page, 'root_shiftAvailability', 'All shifts')
  for (const [field, value] of Object.entries({
    workedForCompanyBefore: 'No',
    usCitizen: 'Yes',
    hasHighSchoolDiploma: 'Yes',
    speaksEnglish: 'Yes',
    otherLanguages: 'No',
    hasDriversLicense: 'Yes',
    licenseSuspended: 'No',
    felonyConviction: 'No',
    misdemeanorConviction: 'No',
    criminalInvestigation: 'No',
    recentDrugUse: 'No',
    everUsedDrugs: 'No',
    marijuanaUse: 'No',
    employerDiscipline: 'No',
    jobTermination: 'No',
  })) {
    await answer(page, field, value)
  }
  await page.locator('#root_driversLicenseNumber').fill('S123-456-78-901-0')
  await chooseSelect(page, 'root_militaryService', 'No military service')
  await page.locator('#root_securityLicenseNumber').fill('D1234567')
  await page.locator('#root_additionalCertifications').fill('N/A')
  await page.locator('#root_securityExperience').fill('4')
}

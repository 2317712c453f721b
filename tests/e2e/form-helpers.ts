// Filling the two forms as a person would, by label, for the browser tests.
import type { Page } from 'playwright'
import { gotoHydrated } from './browser'

export const unique = () => Math.random().toString(36).slice(2, 10)
export const toast = (page: Page) => page.locator('.mantine-Notification-root').last()

export const PDF = {
  name: 'resume.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
}

/** Opens a form page and waits until its form has hydrated (on idle, or at the first interaction). */
export async function gotoForm(page: Page, path: string) {
  await gotoHydrated(page, path)
  await page.locator('form.schema-form[data-enhanced="true"]').waitFor()
}

/** Picks a radio answer ("Yes", "No") of a question by its visible label. */
export const answer = (page: Page, field: string, label: string) =>
  page.locator(`#application-${field}`).getByLabel(label, { exact: true }).check()

export async function fillContact(page: Page, name: string) {
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Email address').fill(`${name.toLowerCase().replace(/\W/g, '')}@example.com`)
  await page.getByLabel('How can we help?').fill('Protection for a board meeting in Orlando next month.')
}

/** Every required answer of the application; works with and without the form's JavaScript. */
export async function fillApplication(page: Page, lastName: string) {
  await page.locator('#application-firstName').fill('Sam')
  await page.locator('#application-lastName').fill(lastName)
  await page.locator('#application-email').fill(`${lastName.toLowerCase()}@example.com`)
  await page.locator('#application-phone').fill('(407) 555-0199')
  await page.locator('#application-address').fill('1 Lake Street')
  await page.locator('#application-city').fill('Orlando')
  await page.locator('#application-state').selectOption({ label: 'Florida' })
  await page.locator('#application-zipCode').fill('32801')
  await page.locator('#application-positionType').selectOption({ label: 'Full-time' })
  await page.locator('#application-shiftAvailability').selectOption({ label: 'All shifts' })
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
  await page.locator('#application-driversLicenseNumber').fill('S123-456-78-901-0')
  await page.locator('#application-militaryService').selectOption({ label: 'No military service' })
  await page.locator('#application-securityLicenseNumber').fill('D1234567')
  await page.locator('#application-additionalCertifications').fill('N/A')
  await page.locator('#application-securityExperience').fill('4')
}

/** Holds the form's chunk until `release` is called; `requested` settles once it was asked for. */
export async function holdFormCode(page: Page, kind: 'contact' | 'application') {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked: () => void = () => {}
  const requested = new Promise<void>((resolve) => {
    asked = resolve
  })
  await page.route(new RegExp(`/assets/${kind}-form-[^/]+\\.js$`), async (route) => {
    asked()
    await released
    await route.continue()
  })
  return { release, requested }
}

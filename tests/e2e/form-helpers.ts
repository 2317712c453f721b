// Filling the two forms as a person would, by label, for the browser tests.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright'
import { expect } from 'vitest'
import { parse } from 'yaml'
import type { FormTranslation } from '../../common/forms/define'
import { applicationForm } from '../../forms/application/form'
import { FORMS } from '../../forms/registry'
import { fillText } from '../../src/content/texts'
import { axeViolations } from './axe'
import { gotoHydrated } from './browser'

export const unique = () => Math.random().toString(36).slice(2, 10)
export const toast = (page: Page) => page.locator('.mantine-Notification-root').last()

export const PDF = {
  name: 'resume.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
}

/** Opens a form page and waits until its form has hydrated (see turnToForm). */
export async function gotoForm(page: Page, path: string) {
  await gotoHydrated(page, path)
  await turnToForm(page)
}

/**
 * Waits until the page's form has hydrated, which it does at the visitor's first interaction with
 * it: here a pointer moving over it, which neither focuses nor scrolls anything. Until the form
 * block has hydrated, nothing listens for that yet: the pointer moves again.
 */
export async function turnToForm(page: Page) {
  const form = page.locator('form.schema-form')
  await expect
    .poll(
      async () => {
        await form.dispatchEvent('pointerover')
        return form.getAttribute('data-enhanced')
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe('true')
}

/** Picks a radio answer ("Yes", "No") of a question by its visible label. */
export const answer = (page: Page, field: string, label: string) =>
  page.locator(`#application-${field}`).getByLabel(label, { exact: true }).check()

export async function fillContact(page: Page, name: string) {
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Email address').fill(`${name.toLowerCase().replace(/\W/g, '')}@example.com`)
  await page.getByLabel('How can we help?').fill('Protection for a board meeting in Orlando next month.')
}

type StepTexts = { stepHeading: string; next: string; back: string; review: string }
const site = parse(readFileSync('site.yaml', 'utf8')) as {
  texts: { form: StepTexts }
  locales: Record<string, { texts?: { form: StepTexts } }>
}
const groups = (applicationForm.uiSchema['ui:options'] as { groups: { title: string; fields: string[] }[] }).groups

/** A form in steps as a visitor reads it in one language: its steps' titles and fields, its buttons and headings. */
export type StepWords = { steps: { title: string; fields: string[] }[]; heading: string; next: string; back: string }

/** The application's steps and words in a language of the site (site.yaml, forms/application/<locale>.json). */
export function applicationWords(locale?: string): StepWords {
  const texts = locale ? site.locales[locale]?.texts?.form : site.texts.form
  if (!texts) throw new Error(`site.yaml has no form texts in ${locale}`)
  const translation = locale ? FORMS.application.translations?.[locale] : undefined
  const steps = [
    ...groups.map((g, i) => ({ title: translation?.groups?.[i]?.title ?? g.title, fields: g.fields })),
    { title: texts.review, fields: [] },
  ]
  return { steps, heading: texts.stepHeading, next: texts.next, back: texts.back }
}

const ENGLISH = applicationWords()

/** The application's steps as the form derives them: its groups' titles, then the review. */
export const APPLICATION_STEPS = ENGLISH.steps

/** The start of step `number`'s heading, up to its count: "Step 2 of". */
const headingOf = (words: StepWords, number: number) =>
  fillText(words.heading.slice(0, words.heading.indexOf('{count}')), { number }).trim()

export type Fill = { text: string } | { option: string } | { choice: string }

/**
 * Every required answer of the application, by field; with a translation, each chosen option
 * named as that language's form names it.
 */
export const applicationAnswers = (lastName: string, translation?: FormTranslation): Record<string, Fill> =>
  translation ? translated(englishAnswers(lastName), translation) : englishAnswers(lastName)

const properties = applicationForm.schema.properties as Record<string, { oneOf?: { const: string; title: string }[] }>

function translated(answers: Record<string, Fill>, translation: FormTranslation): Record<string, Fill> {
  const named = (field: string, title: string) => {
    const value = properties[field]?.oneOf?.find((o) => o.title === title)?.const
    return (value !== undefined && translation.fields[field]?.options?.[value]) || title
  }
  return Object.fromEntries(
    Object.entries(answers).map(([field, fill]) => [
      field,
      'option' in fill
        ? { option: named(field, fill.option) }
        : 'choice' in fill
          ? { choice: named(field, fill.choice) }
          : fill,
    ]),
  )
}

const englishAnswers = (lastName: string): Record<string, Fill> => ({
  firstName: { text: 'Sam' },
  lastName: { text: lastName },
  email: { text: `${lastName.toLowerCase()}@example.com` },
  phone: { text: '(407) 555-0199' },
  address: { text: '1 Lake Street' },
  city: { text: 'Orlando' },
  state: { option: 'Florida' },
  zipCode: { text: '32801' },
  positionType: { option: 'Full-time' },
  shiftAvailability: { option: 'All shifts' },
  workedForCompanyBefore: { choice: 'No' },
  usCitizen: { choice: 'Yes' },
  hasHighSchoolDiploma: { choice: 'Yes' },
  speaksEnglish: { choice: 'Yes' },
  otherLanguages: { choice: 'No' },
  hasDriversLicense: { choice: 'Yes' },
  licenseSuspended: { choice: 'No' },
  driversLicenseNumber: { text: 'S123-456-78-901-0' },
  securityLicenseNumber: { text: 'D1234567' },
  felonyConviction: { choice: 'No' },
  misdemeanorConviction: { choice: 'No' },
  criminalInvestigation: { choice: 'No' },
  recentDrugUse: { choice: 'No' },
  everUsedDrugs: { choice: 'No' },
  marijuanaUse: { choice: 'No' },
  employerDiscipline: { choice: 'No' },
  jobTermination: { choice: 'No' },
  militaryService: { option: 'No military service' },
  securityExperience: { text: '4' },
  additionalCertifications: { text: 'N/A' },
})

export async function fill(page: Page, field: string, value: Fill) {
  if ('text' in value) await page.locator(`#application-${field}`).fill(value.text)
  else if ('option' in value) await page.locator(`#application-${field}`).selectOption({ label: value.option })
  else await answer(page, field, value.choice)
}

/** True once the application shows one step at a time (hydrated, with JavaScript). */
const inSteps = async (page: Page) => (await page.locator('#application-step-heading').count()) > 0

/** The number (1-based) of the step shown. */
export async function currentStep(page: Page, words = ENGLISH): Promise<number> {
  const heading = (await page.locator('#application-step-heading').textContent()) ?? ''
  const number = words.steps.findIndex((_, i) => heading.startsWith(`${headingOf(words, i + 1)} `)) + 1
  return number || Number.NaN
}

/** Waits until the step with this title is shown. */
export const stepShown = (page: Page, title: string, words = ENGLISH) =>
  page
    .locator('#application-step-heading')
    .filter({
      hasText: fillText(words.heading, {
        number: words.steps.findIndex((s) => s.title === title) + 1,
        count: words.steps.length,
        title,
      }),
    })
    .waitFor()

/** Goes to a step with the form's Next and Back buttons (the steps before must be complete). */
export async function goToStep(page: Page, title: string, words = ENGLISH) {
  const target = words.steps.findIndex((s) => s.title === title) + 1
  for (let now = await currentStep(page, words); now !== target; now = await currentStep(page, words)) {
    await page.getByRole('button', { name: now < target ? words.next : words.back, exact: true }).click()
    await page
      .locator('#application-step-heading')
      .filter({ hasText: `${headingOf(words, now < target ? now + 1 : now - 1)} ` })
      .waitFor()
  }
}

/**
 * Every required answer of the application. Without the form's JavaScript (or before it has
 * arrived) every field is on the one page; in steps, each step is filled and Next pressed, up
 * to the review.
 */
export async function fillApplication(page: Page, lastName: string, locale?: string) {
  const answers = applicationAnswers(lastName, locale ? FORMS.application.translations?.[locale] : undefined)
  const words = locale ? applicationWords(locale) : ENGLISH
  if (!(await inSteps(page))) {
    for (const [field, value] of Object.entries(answers)) await fill(page, field, value)
    return
  }
  await goToStep(page, words.steps[0].title, words)
  for (let i = 1; i < words.steps.length; i++) await fillStep(page, answers, words)
}

/** Fills the shown step's fields from `answers` and presses Next. */
export async function fillStep(page: Page, answers: Record<string, Fill>, words = ENGLISH) {
  const now = await currentStep(page, words)
  for (const field of words.steps[now - 1].fields) if (answers[field]) await fill(page, field, answers[field])
  await page.getByRole('button', { name: words.next, exact: true }).click()
  await page
    .locator('#application-step-heading')
    .filter({ hasText: `${headingOf(words, now + 1)} ` })
    .waitFor()
}

/** What axe finds on the page (WCAG 2.2 A and AA), each as "label: rule targets". */
export async function axeFinds(page: Page, label: string) {
  return (await axeViolations(page)).map(
    (v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}

/** Every step of the application in turn, to the review: `check` on it, then its answers and Next. */
export async function throughEveryStep(
  page: Page,
  answers: Record<string, Fill>,
  check: (title: string) => Promise<void>,
  words = ENGLISH,
) {
  for (const step of words.steps) {
    await stepShown(page, step.title, words)
    await check(step.title)
    if (step.fields.length) await fillStep(page, answers, words)
  }
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

/**
 * Sends a form (`send`) with its request held in the browser until `whileSending` has looked at
 * the page, then lets the request go on to the backend. The sending state lasts only as long as
 * the request, and the local backend can answer it before the next look: seen once in three runs
 * of the browser tests, the button was back to "Submit Application" when the test looked for
 * "Submitting Application...".
 */
export async function whileSending(
  page: Page,
  functionName: 'submit-lead' | 'submit-application',
  send: () => Promise<void>,
  check: () => Promise<void>,
) {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(
    `**/functions/v1/${functionName}`,
    async (route) => {
      await released
      await route.continue()
    },
    { times: 1 },
  )
  try {
    await send()
    await check()
  } finally {
    release()
  }
}

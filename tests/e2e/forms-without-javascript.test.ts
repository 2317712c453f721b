// Both forms with JavaScript disabled: the prerendered HTML form posts to its function, which
// validates and stores it like a JavaScript submission and answers 303 to a thank-you page, or
// back to the form with a message. No entered value may ever appear in an address.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage } from './browser'
import { fillApplication, fillContact, PDF, unique } from './form-helpers'
import { storedSubmissions } from './submissions'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A page without JavaScript that records every address it navigates to. */
async function withoutJavaScript() {
  const { page, context } = await openPage(browser, { javaScriptEnabled: false })
  const addresses: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url())
  })
  page.on('request', (request) => addresses.push(request.url()))
  return { page, context, addresses }
}

const expectNoneContains = (addresses: string[], values: string[]) => {
  for (const address of addresses)
    for (const value of values) {
      expect(decodeURIComponent(address)).not.toContain(value)
      expect(address).not.toContain(encodeURIComponent(value))
    }
}

async function submit(page: Page, label: string) {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: label }).click()])
}

/** Waits for the page's h1 to say `heading`; failing, says which page is shown and what its h1 and alerts say. */
async function expectHeading(page: Page, heading: string) {
  try {
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  } catch (error) {
    const shown = await page
      .evaluate(() =>
        [
          document.querySelector('h1')?.textContent,
          ...[...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent),
        ]
          .filter(Boolean)
          .join(' | '),
      )
      .catch((reason: unknown) => `(unreadable: ${reason})`)
    const { pathname, hash } = new URL(page.url())
    throw new Error(`no h1 "${heading}" at ${pathname}${hash}; the page shows: ${shown}`, { cause: error })
  }
}

describe('forms without JavaScript', () => {
  it('the contact form is stored once (also when sent again) and shows its thank-you page', async () => {
    const { page, addresses } = await withoutJavaScript()
    await page.goto('/contact-us')
    const name = `NoScript ${unique()}`
    await fillContact(page, name)
    await page.getByLabel('Phone number').fill('+44 20 7946 0958')
    await submit(page, 'Request Consultation')
    await expectHeading(page, 'Message Received')
    expect(new URL(page.url()).pathname).toBe('/contact-us/thank-you')
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toMatch(/noindex/)

    // Back, and Submit again with the same answers: still one record.
    await page.goBack()
    await page.getByLabel('Full name').waitFor()
    if ((await page.getByLabel('Full name').inputValue()) !== name) await fillContact(page, name)
    await page.getByLabel('Phone number').fill('+44 20 7946 0958')
    await submit(page, 'Request Consultation')
    await expectHeading(page, 'Message Received')

    const rows = storedSubmissions().leads.filter((l) => l.name === name)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ phone: '+44 20 7946 0958', email: expect.stringContaining('@example.com') })
    expectNoneContains(addresses, [name, 'example.com', '7946', 'board meeting'])
  })

  it('the application with a resume is stored once and shows its thank-you page', async () => {
    const { page, addresses } = await withoutJavaScript()
    await page.goto('/careers')
    const lastName = `NoScript${unique()}`
    await fillApplication(page, lastName)
    // Without JavaScript every conditional question is shown, labelled with its condition.
    await expect(page.locator('#application-misdemeanorDetails-condition').textContent()).resolves.toMatch(
      /^Only if you answered “Yes” to “Have you ever been convicted of a misdemeanor/,
    )
    // An answer to a question the rules hide is dropped by the function.
    await page.locator('#application-otherLanguagesDetails').fill('Spanish')
    await page.getByLabel('Resume (optional)').setInputFiles(PDF)
    await submit(page, 'Submit Application')
    await expectHeading(page, 'Application Submitted')
    expect(new URL(page.url()).pathname).toBe('/careers/thank-you')

    const rows = storedSubmissions().applications.filter((a) => a.last_name === lastName)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      first_name: 'Sam',
      zip_code: '32801',
      security_experience: 4,
      other_languages: 'no',
      other_languages_details: null,
      resume_file_name: 'resume.pdf',
    })
    expectNoneContains(addresses, [lastName, '32801', '1 Lake Street', 'S123-456'])
  })

  it('an invalid submission comes back to the form page with a message and the phone number', async () => {
    const { page, addresses } = await withoutJavaScript()
    await page.goto('/contact-us')
    const name = `Invalid ${unique()}`
    await fillContact(page, name)
    // The browser's own check lets this address through; the function's schema does not.
    await page.getByLabel('Email address').fill('jane@localhost')
    await submit(page, 'Request Consultation')
    const url = new URL(page.url())
    expect(`${url.pathname}${url.search}${url.hash}`).toBe('/contact-us#not-sent-invalid')
    const message = page.locator('#not-sent-invalid')
    await expect(message.isVisible()).resolves.toBe(true)
    await expect(message.textContent()).resolves.toMatch(/^Your form was not sent: some answers are missing/)
    await expect(message.locator('a[href^="tel:"]').textContent()).resolves.toBe('(407) 555-0142')
    await expect(page.locator('#not-sent-busy').isVisible()).resolves.toBe(false)
    expect(storedSubmissions().leads.filter((l) => l.name === name)).toHaveLength(0)
    expectNoneContains(addresses, [name, 'jane@localhost', 'board meeting'])
  })
})

// The form's code is not in the page's critical path: the prerendered form is usable at once,
// and whatever the visitor typed, chose or attached before the code arrived is kept and sent.
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, openPage } from './browser'
import { fillApplication, goToStep, holdFormCode, PDF, toast, unique } from './form-helpers'
import { storedSubmissions } from './submissions'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('form hydration on demand', () => {
  it('keeps what was typed, chosen and attached before the form code loaded, and submits it', async () => {
    const { page } = await openPage(browser)
    // Hold the form's code (its own chunk) until the visitor has filled the form in.
    const code = await holdFormCode(page, 'application')
    await gotoHydrated(page, '/careers')
    const lastName = `Early${unique()}`
    await fillApplication(page, lastName)
    await page.getByLabel('Resume (optional)').setInputFiles(PDF)
    // The first interaction asked for the code, which is still held: the form is the prerendered one.
    await code.requested
    await expect(page.locator('form.schema-form').getAttribute('data-enhanced')).resolves.toBeNull()

    code.release()
    await page.locator('form.schema-form[data-enhanced="true"]').waitFor()
    await expect(page.locator('#application-lastName').inputValue()).resolves.toBe(lastName)
    // The form is in steps now, on the step of the field the visitor was in; every answer is there.
    await goToStep(page, 'Review your answers')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await toast(page).waitFor({ timeout: 15_000 })
    await expect(toast(page).textContent()).resolves.toContain('Application Submitted')
    const rows = storedSubmissions().applications.filter((a) => a.last_name === lastName)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      first_name: 'Sam',
      state: 'FL',
      shift_availability: 'all-shifts',
      us_citizen: 'yes',
      security_experience: 4,
      resume_file_name: 'resume.pdf',
    })
  })

  it('does not load the form code with the page: fetches it when the browser is idle, and runs it only once the visitor turns to the form', async () => {
    // On a phone, where the form is screens below the top of the page (it would hydrate on nearing the view).
    const { page } = await openPage(browser, { viewport: { width: 375, height: 812 } })
    const formCode = /\/assets\/(contact-form|JsonSchemaForm)-[^/]+\.js$/
    const fetched: string[] = []
    // Idle does not come until this test lets it: the main thread's idle callbacks are held.
    await page.addInitScript(() => {
      const held: (() => void)[] = []
      window.requestIdleCallback = (run) => held.push(() => run({ didTimeout: false, timeRemaining: () => 50 }))
      ;(window as unknown as { idleNow: () => void }).idleNow = () => {
        for (const run of held.splice(0)) run()
      }
    })
    page.on('request', (r) => {
      if (formCode.test(r.url())) fetched.push(r.url())
    })
    await gotoHydrated(page, '/contact-us')
    await page.waitForLoadState('networkidle')
    expect(fetched).toEqual([])

    // Idle: the code is fetched, not run (the form is still the prerendered one). One file per
    // idle moment: each call lets the callbacks waiting now run.
    await expect
      .poll(
        async () => {
          await page.evaluate('window.idleNow()')
          return fetched.length
        },
        { timeout: 15_000 },
      )
      .toBe(2)
    await page.waitForLoadState('networkidle')
    await expect(page.locator('form.schema-form').getAttribute('data-enhanced')).resolves.toBeNull()
    await expect(page.evaluate(() => performance.getEntriesByName('form-hydrated').length)).resolves.toBe(0)

    // The visitor turns to the form: it hydrates, with the code already there.
    await page.getByLabel('Full name').click()
    await page.locator('form.schema-form[data-enhanced="true"]').waitFor()
    expect(fetched).toHaveLength(2)
  })
})

describe('a submission before the form has hydrated', () => {
  it('is held back and sent by the form once hydrated, with its checks and messages', async () => {
    const { page } = await openPage(browser)
    // The click starts the form's code on its way; its request is awaited, not assumed to be made yet.
    const code = await holdFormCode(page, 'contact')
    await gotoHydrated(page, '/contact-us')
    const navigations: string[] = []
    page.on('framenavigated', (frame) => navigations.push(frame.url()))
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await code.requested
    await expect(page.locator('#contact-form').getAttribute('data-submit-pending')).resolves.toBe('true')
    code.release()
    await page.getByRole('alert').filter({ hasText: 'need your attention' }).waitFor()
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('contact-name')
    expect(navigations).toEqual([])
  })
})

describe('a form reached by client-side navigation', () => {
  it('loads its code at once and works, without console errors', async () => {
    const { page, console } = await openPage(browser)
    await gotoHydrated(page, '/')
    await page.getByRole('link', { name: 'Get Quote' }).click()
    await page.locator('form.schema-form[data-enhanced="true"]').waitFor()
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await page.getByRole('alert').filter({ hasText: 'need your attention' }).waitFor()
    expect(console.filter((c) => c.type !== 'warning')).toEqual([])
  })
})

// A visitor's network over the per-address limit (429): with JavaScript the form says how long to
// wait and gives the phone number, keeping every answer; without, the function sends the
// visitor back to the form, which says the same. A site server of its own, with a limit of one
// submission per address, so no other test shares the count.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSiteServer } from '../../server/site-server'
import { migratedDatabase } from '../setup/migrated-database'
import { launchBrowser } from './browser'
import { fillContact, gotoForm, unique } from './form-helpers'

let browser: Browser
let site: Awaited<ReturnType<typeof startSiteServer>>
let base = ''
const dataRoot = mkdtempSync(join(tmpdir(), 'site-e2e-limit-'))

beforeAll(async () => {
  const previous = process.env.RATE_LIMIT_MAX
  process.env.RATE_LIMIT_MAX = '1'
  try {
    site = await startSiteServer({
      distDir: resolve('dist'),
      dataDir: join(dataRoot, 'pglite'),
      startFrom: migratedDatabase(),
      port: 0,
      host: '127.0.0.1',
    })
  } finally {
    if (previous === undefined) delete process.env.RATE_LIMIT_MAX
    else process.env.RATE_LIMIT_MAX = previous
  }
  const address = site.server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  browser = await launchBrowser()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await site?.close()
  rmSync(dataRoot, { recursive: true, force: true })
})

describe('over the submission limit (429)', () => {
  it('the form says how long to wait and gives the phone number, keeping the answers; without JavaScript too', async () => {
    const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block' })
    const page = await context.newPage()
    await gotoForm(page, '/contact-us')
    await fillContact(page, `First ${unique()}`)
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Message Received' }).waitFor()

    const answers: number[] = []
    page.on('response', (r) => r.url().includes('/functions/v1/submit-lead') && answers.push(r.status()))
    await fillContact(page, 'Too Many')
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    const status = page.locator('.form__announcement')
    await status.filter({ hasText: 'Too many forms' }).waitFor()
    await expect(status.textContent()).resolves.toMatch(
      /^Too many forms were sent from your network\. Please wait \d+ minutes? and send it again, or call us at \(407\) 555-0142\. Your answers are kept\.$/,
    )
    await expect(status.locator('a[href="tel:+14075550142"]').count()).resolves.toBe(1)
    expect(answers).toEqual([429])
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Too Many')

    const plain = await browser.newContext({ baseURL: base, javaScriptEnabled: false })
    const noScript = await plain.newPage()
    await noScript.goto('/contact-us')
    await fillContact(noScript, 'Still Too Many')
    await Promise.all([
      noScript.waitForNavigation(),
      noScript.getByRole('button', { name: 'Request Consultation' }).click(),
    ])
    expect(new URL(noScript.url()).hash).toBe('#not-sent-busy')
    await expect(noScript.locator('#not-sent-busy').isVisible()).resolves.toBe(true)
    await expect(noScript.locator('#not-sent-busy').textContent()).resolves.toMatch(
      /too many forms came from your network/,
    )
    await plain.close()
    await context.close()
  })
})

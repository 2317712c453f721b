// A lead sent through the real site (headless Chromium, prerendered page, hydrated form) reaches
// the team as exactly one signed webhook, delivered to a real receiver on 127.0.0.1 by the
// site's own embedded backend.
import { createHmac } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLocalDatabase } from '../../server/local-database'
import { startSiteServer } from '../../server/site-server'
import { migratedDatabase } from '../setup/migrated-database'
import { type Receiver, startReceiver } from '../unit/backend/receiver'
import { gotoHydrated, launchBrowser, openPage } from './browser'

const SECRET = 'e2e-webhook-secret'
const dataRoot = mkdtempSync(join(tmpdir(), 'site-notify-e2e-'))
const dataDir = join(dataRoot, 'pglite')
let browser: Browser
let receiver: Receiver
let site: Awaited<ReturnType<typeof startSiteServer>> | undefined
let siteURL = ''

beforeAll(async () => {
  receiver = await startReceiver()
  site = await startSiteServer({
    distDir: resolve('dist'),
    dataDir,
    startFrom: migratedDatabase(),
    port: 0,
    host: '127.0.0.1',
    env: {
      ...process.env,
      NOTIFY_WEBHOOK_URL: `${receiver.url}/crm/leads`,
      NOTIFY_WEBHOOK_SECRET: SECRET,
      NOTIFY_EMAIL_TO: '',
    },
  })
  const address = site.server.address()
  siteURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await receiver?.close()
  rmSync(dataRoot, { recursive: true, force: true })
})

describe('a lead sent through the site', () => {
  it('reaches the team as exactly one delivered webhook whose signature verifies', async () => {
    expect(site?.notifications).toMatch(/^Notifications: webhook to http:\/\/127\.0\.0\.1:/)
    const { page, context } = await openPage(browser, { baseURL: siteURL })
    await gotoHydrated(page, '/contact-us')
    // Typed as a visitor would, whether or not the form's code has arrived: what is typed
    // before it hydrates is kept and sent (tests/e2e/forms-hydrate-on-demand.test.ts).
    const name = `Notified ${Math.random().toString(36).slice(2, 8)}`
    await page.getByLabel('Full name').fill(name)
    await page.getByLabel('Email address').fill('notified@example.com')
    await page.getByLabel('Phone number').fill('(407) 555-0188')
    await page.getByLabel('How can we help?').fill('Two officers for a gala at the Dr. Phillips Center.')
    // Sent by the form's script, or as a plain post if it is still on its way: either stores the
    // lead once, and either must notify.
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    // The toast, or the thank-you page of a plain post: either way the visitor was told.
    await page.getByText('Message Received').first().waitFor()

    const [request] = await receiver.waitForRequests(1)
    expect(request.path).toBe('/crm/leads')
    const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['x-signature']))
    expect(signature).not.toBeNull()
    const expected = createHmac('sha256', SECRET).update(`${signature![1]}.${request.body}`).digest('hex')
    expect(signature![2]).toBe(expected)
    expect(Math.abs(Number(signature![1]) - Date.now() / 1000)).toBeLessThan(300)

    const payload = JSON.parse(request.body)
    const { recordId } = payload as { recordId: string }
    expect(payload).toMatchObject({
      id: request.headers['idempotency-key'],
      kind: 'contact',
      recordId,
      page: `${siteURL}/contact-us`,
      fields: {
        name,
        email: 'notified@example.com',
        phone: '(407) 555-0188',
        message: 'Two officers for a gala at the Dr. Phillips Center.',
      },
    })
    expect(Number.isNaN(Date.parse(payload.submittedAt))).toBe(false)

    // Stopping the site lets the attempt in flight be recorded; then the database is ours to read.
    await context.close()
    await site!.close()
    site = undefined
    const db = await openLocalDatabase(dataDir)
    try {
      const { rows } = await db.query<{ id: string; status: string; attempts: number }>(
        `select id::text as id, status, attempts from notifications where record_id = $1::uuid`,
        [recordId],
      )
      expect(rows).toEqual([{ id: payload.id, status: 'delivered', attempts: 1 }])
      const leads = await db.query<{ id: string }>(`select id::text as id from leads where email = $1`, [
        'notified@example.com',
      ])
      expect(leads.rows).toEqual([{ id: recordId }])
    } finally {
      await db.close()
    }
    expect(receiver.received).toHaveLength(1)
  })
})

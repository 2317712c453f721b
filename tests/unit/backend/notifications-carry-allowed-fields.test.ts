// @vitest-environment node
// What reaches the team: the signed webhook and the e-mail (Resend's HTTP API), sent by the real
// local backend to real HTTP receivers on 127.0.0.1, with only the allow-listed fields.
// Each test opens its own database; on a busy machine that alone can take seconds.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { FORM_KINDS, FORMS } from '../../../forms/registry.ts'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { notifiedFields } from '../../../supabase/functions/_shared/notifications/payload.ts'
import {
  body,
  count,
  files,
  goodApplication,
  goodLead,
  jsonRequest,
  migratedMemoryBackend,
  multipartRequest,
} from './helpers.ts'
import { type Receiver, startReceiver } from './receiver.ts'

const SECRET = 'whsec-test-7f3a'
const FIXED_NOW = Date.parse('2026-11-23T08:30:00Z')
const BACKGROUND_ANSWERS = [
  'felonyConviction',
  'misdemeanorConviction',
  'misdemeanorDetails',
  'criminalInvestigation',
  'recentDrugUse',
  'everUsedDrugs',
  'marijuanaUse',
  'marijuanaDetails',
  'employerDiscipline',
  'disciplineDetails',
  'jobTermination',
  'terminationDetails',
]

const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close()
})

async function open(env: Record<string, string>): Promise<LocalBackend> {
  const backend = await migratedMemoryBackend({
    env: { RATE_LIMIT_MAX: '0', ...env },
    now: () => FIXED_NOW,
    notifySweepMs: 0,
  })
  opened.push(backend)
  return backend
}

async function receiver(): Promise<Receiver> {
  const started = await startReceiver()
  opened.push(started)
  return started
}

/** Checks the Stripe-style header with node:crypto, independently of the code that signed it. */
function verifies(header: string, rawBody: string, secret: string): { t: number } | null {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)
  if (!match) return null
  const expected = createHmac('sha256', secret).update(`${match[1]}.${rawBody}`).digest()
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex')) ? { t: Number(match[1]) } : null
}

describe('a lead notification', { timeout: 60_000 }, () => {
  it('is one signed webhook carrying the lead, the page it came from, the time and the record id', async () => {
    const hook = await receiver()
    const backend = await open({ NOTIFY_WEBHOOK_URL: `${hook.url}/leads`, NOTIFY_WEBHOOK_SECRET: SECRET })
    const lead = goodLead()
    const response = await backend.handle(
      jsonRequest('contact', lead, {
        referer: 'http://localhost:5173/contact-us?utm_source=ad&email=x@example.com#top',
      }),
    )
    const { id: recordId } = await body(response)
    await backend.notifications.settled()

    expect(hook.received).toHaveLength(1)
    const [request] = hook.received
    expect(request.path).toBe('/leads')
    expect(request.headers['content-type']).toBe('application/json')
    expect(verifies(String(request.headers['x-signature']), request.body, SECRET)).toEqual({ t: FIXED_NOW / 1000 })
    expect(verifies(String(request.headers['x-signature']), request.body, 'another-secret')).toBeNull()
    expect(verifies(String(request.headers['x-signature']), `${request.body} `, SECRET)).toBeNull()

    const sent = JSON.parse(request.body)
    const { rows } = await backend.db.query<{ id: string; created_at: Date; status: string }>(
      `select n.id::text as id, l.created_at, n.status from notifications n join leads l on l.id = n.record_id`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0].status).toBe('delivered')
    expect(request.headers['idempotency-key']).toBe(rows[0].id)
    expect(sent).toEqual({
      id: rows[0].id,
      kind: 'contact',
      recordId,
      submittedAt: expect.any(String),
      // Origin and path only: the query string and fragment never leave.
      page: 'http://localhost:5173/contact-us',
      fields: {
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        service: lead.service,
        message: lead.message,
      },
    })
    expect(Date.parse(sent.submittedAt)).toBe(rows[0].created_at.getTime())
  })

  it('names the page sent in the submission, stored with the lead, when the Referer is cut to the origin', async () => {
    const hook = await receiver()
    const backend = await open({
      NOTIFY_WEBHOOK_URL: hook.url,
      NOTIFY_WEBHOOK_SECRET: SECRET,
      ALLOWED_ORIGINS: 'https://www.example.com',
    })
    // As a browser posts to functions on another host: the Referer holds the site's origin only.
    const response = await backend.handle(
      jsonRequest(
        'contact',
        { ...goodLead(), page: '/miami-security-services' },
        { origin: 'https://www.example.com', referer: 'https://www.example.com/' },
      ),
    )
    expect(response.status).toBe(201)
    await backend.notifications.settled()
    expect(JSON.parse(hook.received[0].body).page).toBe('https://www.example.com/miami-security-services')
    const { rows } = await backend.db.query<{ page: string }>('select page from leads')
    expect(rows).toEqual([{ page: '/miami-security-services' }])
  })

  it('refuses a page that is not a path of the site', async () => {
    const backend = await open({})
    for (const page of ['https://evil.example/x', '/a?email=x@example.com', '//evil.example']) {
      const response = await backend.handle(jsonRequest('contact', { ...goodLead(), page }))
      expect(response.status, page).toBe(400)
    }
    expect(await count(backend, 'leads')).toBe(0)
  })

  it('is also an e-mail through Resend’s API, with the idempotency key and a reply-to the visitor', async () => {
    const hook = await receiver()
    const resend = await receiver()
    const backend = await open({
      NOTIFY_WEBHOOK_URL: hook.url,
      NOTIFY_WEBHOOK_SECRET: SECRET,
      NOTIFY_EMAIL_TO: 'sales@example.com, ops@example.com',
      NOTIFY_EMAIL_FROM: 'Website <leads@example.com>',
      NOTIFY_EMAIL_API_KEY: 're_test_key',
      NOTIFY_EMAIL_API_URL: `${resend.url}/`,
    })
    const lead = goodLead({ service: 'maritime-security' })
    await backend.handle(jsonRequest('contact', lead))
    await backend.notifications.settled()

    expect(hook.received).toHaveLength(1)
    expect(resend.received).toHaveLength(1)
    const [mail] = resend.received
    expect(mail.path).toBe('/emails')
    expect(mail.headers.authorization).toBe('Bearer re_test_key')
    const { rows } = await backend.db.query<{ id: string }>(
      `select id::text as id from notifications where channel = 'email' and status = 'delivered'`,
    )
    expect(mail.headers['idempotency-key']).toBe(rows[0].id)
    const message = JSON.parse(mail.body)
    expect(message).toMatchObject({
      from: 'Website <leads@example.com>',
      to: ['sales@example.com', 'ops@example.com'],
      reply_to: lead.email,
      subject: `New consultation request from ${lead.name}`,
    })
    // The form's own labels and choice titles.
    expect(message.text).toContain(`Full name: ${lead.name}`)
    expect(message.text).toContain('Service of interest: Maritime Security')
    expect(message.text).toContain(`How can we help?: ${lead.message}`)
    expect(message.text.indexOf('Full name')).toBeLessThan(message.text.indexOf('How can we help?'))
  })

  it('is queued once per submission: a repeat with the same key sends nothing more', async () => {
    const hook = await receiver()
    const backend = await open({ NOTIFY_WEBHOOK_URL: hook.url, NOTIFY_WEBHOOK_SECRET: SECRET })
    const lead = goodLead()
    const answers = await Promise.all([1, 2, 3].map(() => backend.handle(jsonRequest('contact', lead))))
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
    await backend.notifications.settled()
    expect(await count(backend, 'notifications')).toBe(1)
    expect(hook.received).toHaveLength(1)
  })

  it('goes with its record: deleting the lead deletes the notification and its copy of the answers', async () => {
    const backend = await open({ NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/down', NOTIFY_WEBHOOK_SECRET: SECRET })
    const { id } = await body(await backend.handle(jsonRequest('contact', goodLead())))
    await backend.notifications.settled()
    expect(await count(backend, 'notifications')).toBe(1)
    await backend.db.query('delete from leads where id = $1::uuid', [id])
    expect(await count(backend, 'notifications')).toBe(0)
  })

  it('is not queued when no channel is configured, and says notifications are off', async () => {
    const backend = await open({})
    expect((await backend.handle(jsonRequest('contact', goodLead()))).status).toBe(201)
    expect(await count(backend, 'notifications')).toBe(0)
    expect(backend.notifications.channels).toEqual([])
    expect(backend.notifications.summary).toMatch(/^Notifications are off: set NOTIFY_WEBHOOK_URL/)
  })

  it('starts with a channel half configured, saying what is missing, and keeps its notifications', async () => {
    const cases = [
      [{ NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/hook' }, 'NOTIFY_WEBHOOK_SECRET must be set'],
      [
        { NOTIFY_EMAIL_TO: 'sales@example.com', NOTIFY_EMAIL_FROM: 'a@example.com' },
        'NOTIFY_EMAIL_API_KEY must be set',
      ],
      [{ NOTIFY_WEBHOOK_URL: 'not a url', NOTIFY_WEBHOOK_SECRET: SECRET }, 'NOTIFY_WEBHOOK_URL is not a URL'],
    ] as const
    for (const [env, problem] of cases) {
      const backend = await open(env)
      expect(backend.notifications.summary).toContain(problem)
      expect((await backend.handle(jsonRequest('contact', goodLead()))).status).toBe(201)
      await backend.notifications.settled()
      const { rows } = await backend.db.query<{ status: string; last_error: string }>(
        'select status, last_error from notifications',
      )
      expect(rows).toEqual([{ status: 'pending', last_error: expect.stringContaining(problem) }])
    }
  })
})

describe('an application notification', { timeout: 60_000 }, () => {
  it('carries the allow-listed fields and none of the background answers nor the résumé', async () => {
    const hook = await receiver()
    const backend = await open({ NOTIFY_WEBHOOK_URL: hook.url, NOTIFY_WEBHOOK_SECRET: SECRET })
    const application = goodApplication({
      felonyConviction: 'yes',
      misdemeanorConviction: 'yes',
      misdemeanorDetails: 'MARKER-misdemeanor-answer',
      criminalInvestigation: 'yes',
      recentDrugUse: 'yes',
      everUsedDrugs: 'yes',
      marijuanaUse: 'yes',
      marijuanaDetails: 'MARKER-marijuana-answer',
      employerDiscipline: 'yes',
      disciplineDetails: 'MARKER-discipline-answer',
      jobTermination: 'yes',
      terminationDetails: 'MARKER-termination-answer',
    })
    const response = await backend.handle(
      multipartRequest('application', application, { bytes: files.pdf(), name: 'MARKER-resume.pdf' }),
    )
    expect(response.status).toBe(201)
    const { id: recordId } = await body(response)
    await backend.notifications.settled()

    expect(hook.received).toHaveLength(1)
    const raw = hook.received[0].body
    for (const name of BACKGROUND_ANSWERS) expect(raw).not.toContain(name)
    expect(raw).not.toContain('MARKER')
    expect(raw).not.toMatch(/resume|%PDF/i)
    const sent = JSON.parse(raw)
    expect(sent.recordId).toBe(recordId)
    expect(sent.fields).toEqual({
      firstName: 'John',
      lastName: 'Doe',
      email: application.email,
      phone: application.phone,
      city: 'Orlando',
      positionType: 'full-time',
      shiftAvailability: 'night-shift',
      floridaLicenses: ['florida-d', 'florida-g'],
      securityExperience: 4,
    })
  })

  it('allow-lists only fields the forms have, and no background answer', () => {
    for (const kind of FORM_KINDS) {
      const properties = Object.keys(FORMS[kind].schema.properties as object)
      // The channel is no answer: the function derives it from where the visit came from.
      const answers = notifiedFields(FORMS[kind]).filter((name) => name !== 'channel')
      expect(properties).toEqual(expect.arrayContaining(answers))
    }
    expect(Object.keys(FORMS.application.schema.properties as object)).toEqual(
      expect.arrayContaining(BACKGROUND_ANSWERS),
    )
    expect(notifiedFields(FORMS.application).filter((name) => BACKGROUND_ANSWERS.includes(name))).toEqual([])
  })
})

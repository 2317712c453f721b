// @vitest-environment node
// The quote form's server side (forms/quote/, the function submit-quote): validated again on the
// server with its own schema (a name, and a phone number or an e-mail address: at least one), stored
// as a lead with its form's kind, hardened as the contact form is (rate limits, idempotency,
// honeypot, posts without JavaScript), and notified to the team naming the form and the page.
// On the local backend (PGlite), and with the real Deno function on a PostgreSQL set up as
// Supabase sets one up (skipped, saying why, without PostgreSQL server binaries or Deno).
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import quoteEs from '../../../forms/quote/es.json' with { type: 'json' }
import { FORMS } from '../../../forms/registry.ts'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { body, count, goodLead, goodQuote, jsonRequest, migratedMemoryBackend, ORIGIN } from './helpers.ts'
import {
  type Cluster,
  clusterSkipReason,
  type ServedFunction,
  SUPABASE_PROJECT,
  serveFunction,
  startCluster,
} from './postgres-cluster.ts'
import { type Receiver, startReceiver } from './receiver.ts'

const opened: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close()
})

async function open(env: Record<string, string> = {}): Promise<LocalBackend> {
  const backend = await migratedMemoryBackend({
    env: { RATE_LIMIT_MAX: '0', RATE_LIMIT_EMAIL_MAX: '0', ...env },
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

const leads = async (backend: LocalBackend) =>
  (
    await backend.db.query<Record<string, unknown>>(
      'select form, name, phone, email, service, city, page, message from leads order by created_at, id',
    )
  ).rows

const { phone, email } = FORMS.quote.schema.properties as Record<string, { title: string }>
const BOTH_EMPTY_EN = `Please give at least one of these: ${phone.title}, ${email.title}.`
const BOTH_EMPTY_ES = quoteEs.atLeastOne.replace(
  '{fields}',
  `${quoteEs.fields.phone.title}, ${quoteEs.fields.email.title}`,
)

describe('a quote request', { timeout: 60_000 }, () => {
  it('is stored as a lead named by its form, with only a phone or only an e-mail, the preset service and city', async () => {
    const backend = await open()
    const byPhone = await backend.handle(jsonRequest('quote', goodQuote()))
    expect(byPhone.status).toBe(201)
    const byEmail = goodQuote({ name: 'Ana Ruiz', phone: undefined, email: 'ana@example.com', city: undefined })
    expect((await backend.handle(jsonRequest('quote', byEmail))).status).toBe(201)
    expect((await backend.handle(jsonRequest('contact', goodLead()))).status).toBe(201)
    expect(await leads(backend)).toEqual([
      {
        form: 'quote',
        name: 'Jane Smith',
        phone: '(407) 555-0123',
        email: null,
        service: 'executive-protection',
        city: 'Orlando',
        page: '/orlando-security-services',
        message: null,
      },
      expect.objectContaining({ form: 'quote', name: 'Ana Ruiz', phone: null, email: 'ana@example.com', city: null }),
      expect.objectContaining({ form: 'contact', name: 'Jane Smith', email: 'jane@example.com' }),
    ])
  })

  it('with both phone and e-mail empty is refused with 400 naming both fields, in English and Spanish, and nothing is stored', async () => {
    const backend = await open()
    for (const [locale, message] of [
      ['en', BOTH_EMPTY_EN],
      ['es', BOTH_EMPTY_ES],
    ]) {
      // Sent directly, as a script would: empty and blank answers count as none.
      const response = await backend.handle(jsonRequest('quote', goodQuote({ phone: '', email: '   ', locale })))
      expect(response.status).toBe(400)
      expect((await body(response)).fields).toEqual([
        { path: '/phone', message },
        { path: '/email', message },
      ])
    }
    expect(BOTH_EMPTY_EN).toBe('Please give at least one of these: Phone number, Email address.')
    expect(BOTH_EMPTY_ES).toBe('Escriba al menos uno de estos datos: Teléfono, Correo electrónico.')
    expect(await count(backend, 'leads')).toBe(0)
  })

  it('words each field’s own problem when one of the two is given but wrong', async () => {
    const backend = await open()
    const response = await backend.handle(jsonRequest('quote', goodQuote({ phone: 'call me', name: '' })))
    expect(response.status).toBe(400)
    expect((await body(response)).fields.map((field: { path: string }) => field.path)).toEqual(['/name', '/phone'])
    const refused = await backend.handle(jsonRequest('quote', goodQuote({ service: 'gardening' })))
    expect((await body(refused)).fields).toEqual([
      { path: '/service', message: 'Service: choose one of the listed options.' },
    ])
  })

  it('is stored once when retried, and a key reused with another body is refused', async () => {
    const backend = await open()
    const quote = goodQuote()
    const answers = await Promise.all([1, 2, 3].map(() => backend.handle(jsonRequest('quote', quote))))
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
    const ids = new Set(await Promise.all(answers.map(async (answer) => (await body(answer)).id)))
    expect(ids.size).toBe(1)
    const reused = await backend.handle(jsonRequest('quote', { ...quote, name: 'Someone Else' }))
    expect(reused.status).toBe(422)
    expect(await count(backend, 'leads')).toBe(1)
  })

  it('with the honeypot filled is answered as stored and kept apart under its form', async () => {
    const backend = await open()
    const response = await backend.handle(jsonRequest('quote', goodQuote({ website: 'http://spam.example' })))
    expect(response.status).toBe(201)
    expect(await count(backend, 'leads')).toBe(0)
    const { rows } = await backend.db.query<{ scope: string }>('select scope from quarantined_submissions')
    expect(rows).toEqual([{ scope: 'quote' }])
  })

  it('is rate-limited per network and per e-mail address', async () => {
    const backend = await open({ RATE_LIMIT_MAX: '2', RATE_LIMIT_EMAIL_MAX: '1' })
    const send = (fields: Record<string, unknown>, ip: string) => backend.handle(jsonRequest('quote', fields), ip)
    expect((await send(goodQuote(), '192.0.2.1')).status).toBe(201)
    expect((await send(goodQuote(), '192.0.2.1')).status).toBe(201)
    const byNetwork = await send(goodQuote(), '192.0.2.1')
    expect(byNetwork.status).toBe(429)
    expect(Number(byNetwork.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await send(goodQuote({ email: 'ana@example.com' }), '198.51.100.1')).status).toBe(201)
    expect((await send(goodQuote({ email: 'ANA@example.com' }), '198.51.100.2')).status).toBe(429)
    expect(await count(backend, 'leads')).toBe(3)
  })

  it('sent without JavaScript is stored the same and leads to the page’s thank-you page', async () => {
    const backend = await open()
    const form = new URLSearchParams({
      _page: '/orlando-security-services',
      name: 'Plain Quote',
      phone: '(407) 555-0188',
      email: '',
      service: 'event-security',
      city: 'Orlando',
      message: '',
    })
    const url = `http://127.0.0.1:54321/functions/v1/${FORMS.quote.functionName}?reply=page`
    const post = () => backend.handle(new Request(url, { method: 'POST', body: form, headers: { origin: ORIGIN } }))
    const answer = await post()
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`${ORIGIN}/orlando-security-services/thank-you`)
    expect((await post()).status).toBe(303)
    expect(await leads(backend)).toEqual([
      expect.objectContaining({ form: 'quote', name: 'Plain Quote', page: '/orlando-security-services', email: null }),
    ])
    form.set('phone', '')
    const empty = await post()
    expect(empty.headers.get('location')).toBe(`${ORIGIN}/orlando-security-services#not-sent-invalid`)
  })

  it('notifies the team naming the form and the page it came from, by webhook and by e-mail', async () => {
    const hook = await receiver()
    const resend = await receiver()
    const backend = await open({
      NOTIFY_WEBHOOK_URL: hook.url,
      NOTIFY_WEBHOOK_SECRET: 'secret',
      NOTIFY_EMAIL_TO: 'sales@example.com',
      NOTIFY_EMAIL_FROM: 'Website <leads@example.com>',
      NOTIFY_EMAIL_API_KEY: 're_test',
      NOTIFY_EMAIL_API_URL: resend.url,
    })
    const quote = goodQuote({ email: 'jane@example.com', message: 'Two guards for Saturday.' })
    const { id } = await body(await backend.handle(jsonRequest('quote', quote)))
    await backend.notifications.settled()
    expect(JSON.parse(hook.received[0].body)).toEqual({
      id: expect.any(String),
      kind: 'quote',
      recordId: id,
      submittedAt: expect.any(String),
      page: `${ORIGIN}/orlando-security-services`,
      fields: {
        name: 'Jane Smith',
        phone: '(407) 555-0123',
        email: 'jane@example.com',
        service: 'executive-protection',
        city: 'Orlando',
        message: 'Two guards for Saturday.',
      },
    })
    const mail = JSON.parse(resend.received[0].body)
    expect(mail).toMatchObject({ subject: 'New quote request from Jane Smith', reply_to: 'jane@example.com' })
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([
        `Form: ${FORMS.quote.schema.title}`,
        'Service: Executive Protection',
        'City: Orlando',
        `Sent from: ${ORIGIN}/orlando-security-services`,
      ]),
    )
    expect(mail.text.indexOf('Form:')).toBe(0)
  })
})

describe.skipIf(clusterSkipReason !== null)('a quote request to the hosted function (Deno, PostgreSQL)', () => {
  let cluster: Cluster | undefined
  let submit: ServedFunction | undefined
  afterAll(() => {
    submit?.process.kill('SIGTERM')
    cluster?.stop()
  }, 60_000)

  it('is stored as a lead with its form once, and refused with 400 naming both fields when both are empty', async () => {
    cluster = await startCluster({ setupSql: SUPABASE_PROJECT })
    submit = await serveFunction('submit-quote', {
      SUPABASE_DB_URL: cluster.url,
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_SERVICE_ROLE_KEY: 'unused',
      ALLOWED_ORIGINS: ORIGIN,
      IP_HASH_SALT: 'test-salt',
    })
    const send = (fields: Record<string, unknown>) =>
      fetch(submit!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify(fields),
      })
    const quote = goodQuote()
    expect((await send(quote)).status, submit.log()).toBe(201)
    expect((await send(quote)).status).toBe(201)
    const refused = await send(goodQuote({ phone: undefined }))
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { fields: unknown }).fields).toEqual([
      { path: '/phone', message: BOTH_EMPTY_EN },
      { path: '/email', message: BOTH_EMPTY_EN },
    ])
    expect(cluster.psql("select form || '|' || name || '|' || city || '|' || coalesce(email, '-') from leads")).toBe(
      'quote|Jane Smith|Orlando|-',
    )
  })
})

// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { BASE, body, count, goodLead, jsonRequest, memoryBackend, newKey, ORIGIN, paths } from './helpers.ts'

let backend: LocalBackend
beforeAll(async () => {
  backend = await memoryBackend()
}, 60_000)
afterAll(() => backend.close())

describe('submit-lead', () => {
  it('stores a good lead once, as plain text, and answers 201 with its id', async () => {
    const lead = goodLead({ name: '  Jane Smith  ' })
    const response = await backend.handle(jsonRequest('contact', lead), '10.0.0.1')
    expect(response.status).toBe(201)
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const answer = await body(response)
    expect(answer).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) })

    const { rows } = await backend.db.query<Record<string, unknown>>('select * from leads where id = $1', [answer.id])
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      name: 'Jane Smith',
      email: 'jane@example.com',
      phone: '(407) 555-0123',
      service: 'executive-protection',
      message: 'We need a detail for a board meeting on <b>Friday</b>.',
      idempotency_key: lead.idempotencyKey,
    })
    expect(rows[0].ip_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows[0])).not.toContain('10.0.0.1')
  })

  it('accepts a lead with only the required fields', async () => {
    const response = await backend.handle(
      jsonRequest('contact', { name: 'A', email: 'a@b.co', message: 'Hi', idempotencyKey: newKey(), phone: '' }),
    )
    expect(response.status).toBe(201)
  })

  it.each([
    [
      'missing name, email and message',
      { name: undefined, email: undefined, message: '   ' },
      ['/name', '/email', '/message'],
    ],
    ['a bad email', { email: 'jane@' }, ['/email']],
    ['a bad phone', { phone: 'call me maybe' }, ['/phone']],
    ['an unknown service', { service: 'bodyguard' }, ['/service']],
    ['an unknown extra field', { admin: true }, ['/admin']],
    ['a too long name', { name: 'x'.repeat(101) }, ['/name']],
    ['a missing idempotency key', { idempotencyKey: undefined }, ['/idempotencyKey']],
    ['a malformed idempotency key', { idempotencyKey: '123' }, ['/idempotencyKey']],
  ])('refuses %s with 400 and field messages', async (_label, overrides, expected) => {
    const before = await count(backend, 'leads')
    const response = await backend.handle(jsonRequest('contact', goodLead(overrides)))
    expect(response.status).toBe(400)
    const answer = await body(response)
    expect(answer.error).toBe('Please correct the highlighted fields.')
    expect(paths(answer).sort()).toEqual([...expected].sort())
    for (const field of answer.fields) expect(field.message).toMatch(/^[A-Z"].{5,}/)
    expect(await count(backend, 'leads')).toBe(before)
  })

  it('gives readable messages', async () => {
    const answer = await body(
      await backend.handle(jsonRequest('contact', goodLead({ email: 'nope', name: undefined }))),
    )
    expect(answer.fields).toEqual([
      { path: '/name', message: 'Full name is required.' },
      { path: '/email', message: 'Enter a valid email address, like name@example.com.' },
    ])
  })

  it('refuses other content types with 415', async () => {
    const request = new Request(`${BASE}/submit-lead`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
      body: JSON.stringify(goodLead()),
    })
    const response = await backend.handle(request)
    expect(response.status).toBe(415)
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
  })

  it('refuses a body over 64 KB with 413', async () => {
    const response = await backend.handle(jsonRequest('contact', goodLead({ message: 'x'.repeat(70 * 1024) })))
    expect(response.status).toBe(413)
  })

  it('refuses a chunked body over 64 KB without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const request = new Request(`${BASE}/submit-lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect((await backend.handle(request)).status).toBe(413)
  })

  it('refuses malformed JSON and non-object JSON with 400', async () => {
    expect((await backend.handle(jsonRequest('contact', '{not json'))).status).toBe(400)
    expect((await backend.handle(jsonRequest('contact', '[1,2]'))).status).toBe(400)
  })

  it('refuses methods other than POST with 405', async () => {
    const response = await backend.handle(new Request(`${BASE}/submit-lead`, { method: 'GET' }))
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST, OPTIONS')
  })

  it('answers a filled honeypot exactly like a success, and keeps it apart in quarantine', async () => {
    const leadsBefore = await count(backend, 'leads')
    const real = await backend.handle(jsonRequest('contact', goodLead()))
    const bot = goodLead({ website: 'http://spam.example' })
    const trapped = await backend.handle(jsonRequest('contact', bot))
    // Same status, same headers, same body shape: nothing tells a bot it was caught.
    expect(trapped.status).toBe(real.status)
    expect([...trapped.headers.keys()]).toEqual([...real.headers.keys()])
    const answer = await body(trapped)
    expect(answer).toEqual({
      ok: true,
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    })
    expect(Object.keys(answer)).toEqual(Object.keys(await body(real)))
    // A retry gets the same answer, as a real submission's would.
    expect(await body(await backend.handle(jsonRequest('contact', bot)))).toEqual(answer)

    expect(await count(backend, 'leads')).toBe(leadsBefore + 1)
    const { rows } = await backend.db.query<{ id: string; scope: string; website: string; type: string }>(
      `select id::text, scope, fields->>'website' as website, jsonb_typeof(fields) as type
       from quarantined_submissions where idempotency_key = $1`,
      [bot.idempotencyKey],
    )
    expect(rows).toEqual([{ id: answer.id, scope: 'contact', website: 'http://spam.example', type: 'object' }])

    // An invalid submission is refused the same way with or without the honeypot.
    const invalid = { name: 'x', idempotencyKey: newKey() }
    const withTrap = await backend.handle(jsonRequest('contact', { ...invalid, website: 'x' }))
    const withoutTrap = await backend.handle(jsonRequest('contact', { ...invalid, idempotencyKey: newKey() }))
    expect(withTrap.status).toBe(400)
    expect(await body(withTrap)).toEqual(await body(withoutTrap))
  })

  it('refuses a file attached to the contact form', async () => {
    const form = new FormData()
    form.set('payload', JSON.stringify(goodLead()))
    form.set('resume', new File([new TextEncoder().encode('%PDF-1.4')], 'cv.pdf'))
    const response = await backend.handle(new Request(`${BASE}/submit-lead`, { method: 'POST', body: form }))
    expect(response.status).toBe(400)
    expect(paths(await body(response))).toEqual(['/resume'])
  })

  it('answers unknown paths with a 404 JSON body', async () => {
    const response = await backend.handle(new Request('http://127.0.0.1/functions/v1/nope', { method: 'POST' }))
    expect(response.status).toBe(404)
    expect(await body(response)).toEqual({ error: 'Not found' })
  })
})

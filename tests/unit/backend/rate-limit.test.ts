// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORMS } from '../../../forms/registry.ts'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { pgliteClient } from '../../../server/local-database.ts'
import { createSubmitHandler } from '../../../supabase/functions/_shared/handler.ts'
import { createSqlStore } from '../../../supabase/functions/_shared/store.ts'
import { count, goodLead, jsonRequest, memoryBackend } from './helpers.ts'

let backend: LocalBackend
beforeAll(async () => {
  backend = await memoryBackend()
}, 60_000)
afterAll(() => backend.close())

function limitedHandler(now: () => number, env: Record<string, string> = {}) {
  return createSubmitHandler({
    kind: 'contact',
    form: FORMS.contact,
    store: createSqlStore(pgliteClient(backend.db), FORMS),
    env: {
      ALLOWED_ORIGINS: 'http://localhost:*',
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_EMAIL_MAX: '0',
      RATE_LIMIT_WINDOW_SECONDS: '600',
      IP_HASH_SALT: 'test',
      ...env,
    },
    now,
  })
}

describe('rate limits', () => {
  it('answers 429 with Retry-After past the limit, per IP, until the window ends', async () => {
    let clock = Date.UTC(2030, 0, 1, 12, 0, 0)
    const handle = limitedHandler(() => clock)
    const before = await count(backend, 'leads')
    for (let i = 0; i < 3; i++) {
      expect((await handle(jsonRequest('contact', goodLead()), '192.0.2.1')).status).toBe(201)
    }
    clock += 60_000
    const limited = await handle(jsonRequest('contact', goodLead()), '192.0.2.1')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('540')
    expect((await limited.json()).error).toMatch(/try again later/)
    expect(await count(backend, 'leads')).toBe(before + 3)

    // Another address is counted on its own.
    expect((await handle(jsonRequest('contact', goodLead()), '198.51.100.7')).status).toBe(201)

    clock += 540_000 // next window
    expect((await handle(jsonRequest('contact', goodLead()), '192.0.2.1')).status).toBe(201)
  })

  it('lets a retry of an already stored submission through without counting it', async () => {
    const clock = Date.UTC(2030, 0, 2)
    const handle = limitedHandler(() => clock, { RATE_LIMIT_MAX: '1' })
    const lead = goodLead()
    expect((await handle(jsonRequest('contact', lead), '192.0.2.2')).status).toBe(201)
    expect((await handle(jsonRequest('contact', lead), '192.0.2.2')).status).toBe(201)
    expect((await handle(jsonRequest('contact', goodLead()), '192.0.2.2')).status).toBe(429)
  })

  it('is off when RATE_LIMIT_MAX is 0', async () => {
    const handle = limitedHandler(() => Date.UTC(2030, 0, 3), { RATE_LIMIT_MAX: '0' })
    for (let i = 0; i < 6; i++) {
      expect((await handle(jsonRequest('contact', goodLead()), '192.0.2.3')).status).toBe(201)
    }
  })

  it('still limits a client that sends a different X-Forwarded-For each time', async () => {
    const clock = Date.UTC(2030, 0, 4)
    const handle = limitedHandler(() => clock)
    const statuses: number[] = []
    for (let i = 1; i <= 5; i++) {
      const spoofed = { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}` }
      statuses.push((await handle(jsonRequest('contact', goodLead(), spoofed), '192.0.2.4')).status)
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429])
  })

  it('believes X-Forwarded-For only from TRUST_PROXY peers, and then its right-most untrusted hop', async () => {
    const clock = Date.UTC(2030, 0, 5)
    const handle = limitedHandler(() => clock, { RATE_LIMIT_MAX: '1', TRUST_PROXY: '10.0.0.0/8, ::1' })
    const viaProxy = (forwardedFor: string, peer = '10.1.2.3') =>
      handle(jsonRequest('contact', goodLead(), { 'x-forwarded-for': forwardedFor }), peer).then((r) => r.status)
    // The client put 198.51.100.1 in front itself; the proxy appended the real peer, 203.0.113.9.
    expect(await viaProxy('198.51.100.1, 203.0.113.9')).toBe(201)
    expect(await viaProxy('198.51.100.2, 203.0.113.9')).toBe(429)
    // Two trusted proxies in a row (10.9.9.9 forwarded to 10.1.2.3): the hop before them is the client.
    expect(await viaProxy('198.51.100.3, 203.0.113.10, 10.9.9.9')).toBe(201)
    expect(await viaProxy('203.0.113.10, 10.9.9.9', '::1')).toBe(429)
    // An untrusted peer's header is ignored: the peer itself is counted.
    expect(await viaProxy('198.51.100.4', '192.0.2.77')).toBe(201)
    expect(await viaProxy('198.51.100.5', '192.0.2.77')).toBe(429)
    // The IPv4-mapped spelling of an address is the same client.
    expect(await viaProxy('198.51.100.6', '::ffff:192.0.2.77')).toBe(429)
  })

  it('refuses a TRUST_PROXY entry that is not an address or range', () => {
    expect(() => limitedHandler(() => 0, { TRUST_PROXY: '10.0.0.0/8, proxy.local' })).toThrow(
      'TRUST_PROXY: "proxy.local" is not an IP address',
    )
  })

  it('limits each e-mail address on its own, from any network, case-insensitively', async () => {
    const clock = Date.UTC(2030, 0, 6)
    const handle = limitedHandler(() => clock, { RATE_LIMIT_MAX: '0', RATE_LIMIT_EMAIL_MAX: '2' })
    const send = (email: string, ip: string) =>
      handle(jsonRequest('contact', goodLead({ email })), ip).then(async (r) => [r.status, (await r.json()).error])
    expect((await send('mallory@example.com', '192.0.2.10'))[0]).toBe(201)
    expect((await send('Mallory@Example.com', '192.0.2.11'))[0]).toBe(201)
    expect(await send('mallory@example.com', '192.0.2.12')).toEqual([
      429,
      'Too many submissions for this e-mail address. Please try again later.',
    ])
    expect((await send('trent@example.com', '192.0.2.12'))[0]).toBe(201)
  })

  it('never stores the address or e-mail itself', async () => {
    const { rows } = await backend.db.query<{ subject_hash: string }>('select subject_hash from submission_rate_limits')
    expect(rows.length).toBeGreaterThan(0)
    for (const { subject_hash } of rows) expect(subject_hash).toMatch(/^[0-9a-f]{64}$/)
  })
})

// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalBackend, pgliteClient } from '../../../server/local-backend.ts'
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
    kind: 'lead',
    store: createSqlStore(pgliteClient(backend.db)),
    env: {
      ALLOWED_ORIGINS: 'http://localhost:*',
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_SECONDS: '600',
      IP_HASH_SALT: 'test',
      ...env,
    },
    now,
  })
}

describe('per-IP rate limit', () => {
  it('answers 429 with Retry-After past the limit, per IP, until the window ends', async () => {
    let clock = Date.UTC(2030, 0, 1, 12, 0, 0)
    const handle = limitedHandler(() => clock)
    const before = await count(backend, 'leads')
    for (let i = 0; i < 3; i++) {
      expect((await handle(jsonRequest('lead', goodLead()), '192.0.2.1')).status).toBe(201)
    }
    clock += 60_000
    const limited = await handle(jsonRequest('lead', goodLead()), '192.0.2.1')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('540')
    expect((await limited.json()).error).toMatch(/try again later/)
    expect(await count(backend, 'leads')).toBe(before + 3)

    // Another address is counted on its own; x-forwarded-for's first entry is the client.
    const other = await handle(
      jsonRequest('lead', goodLead(), { 'x-forwarded-for': '198.51.100.7, 10.0.0.1' }),
      '192.0.2.1',
    )
    expect(other.status).toBe(201)

    clock += 540_000 // next window
    expect((await handle(jsonRequest('lead', goodLead()), '192.0.2.1')).status).toBe(201)
  })

  it('lets a retry of an already stored submission through without counting it', async () => {
    const clock = Date.UTC(2030, 0, 2)
    const handle = limitedHandler(() => clock, { RATE_LIMIT_MAX: '1' })
    const lead = goodLead()
    expect((await handle(jsonRequest('lead', lead), '192.0.2.2')).status).toBe(201)
    expect((await handle(jsonRequest('lead', lead), '192.0.2.2')).status).toBe(201)
    expect((await handle(jsonRequest('lead', goodLead()), '192.0.2.2')).status).toBe(429)
  })

  it('is off when RATE_LIMIT_MAX is 0', async () => {
    const handle = limitedHandler(() => Date.UTC(2030, 0, 3), { RATE_LIMIT_MAX: '0' })
    for (let i = 0; i < 6; i++) {
      expect((await handle(jsonRequest('lead', goodLead()), '192.0.2.3')).status).toBe(201)
    }
  })

  it('never stores the address itself', async () => {
    const { rows } = await backend.db.query<{ ip_hash: string }>('select ip_hash from submission_rate_limits')
    expect(rows.length).toBeGreaterThan(0)
    for (const { ip_hash } of rows) expect(ip_hash).toMatch(/^[0-9a-f]{64}$/)
  })
})

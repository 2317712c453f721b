// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORMS } from '../../../forms/registry.ts'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { pgliteClient } from '../../../server/local-database.ts'
import { createSubmitHandler } from '../../../supabase/functions/_shared/handler.ts'
import { createSqlStore } from '../../../supabase/functions/_shared/store.ts'
import { BASE, count, goodLead, jsonRequest, memoryBackend } from './helpers.ts'

let backend: LocalBackend
beforeAll(async () => {
  backend = await memoryBackend()
}, 60_000)
afterAll(() => backend.close())

function preflight(origin: string): Request {
  return new Request(`${BASE}/submit-lead`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, idempotency-key',
    },
  })
}

describe('CORS', () => {
  it('answers an allowed preflight with 204 and the allowed origin, methods and headers', async () => {
    const response = await backend.handle(preflight('http://localhost:4173'))
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4173')
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS')
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, apikey, content-type, x-client-info, idempotency-key, x-idempotency-key',
    )
    expect(response.headers.get('vary')).toBe('Origin')
  })

  it('refuses a preflight and a POST from a disallowed origin, without an allow-origin header', async () => {
    const response = await backend.handle(preflight('https://evil.example'))
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()

    const before = await count(backend, 'leads')
    const post = await backend.handle(jsonRequest('contact', goodLead(), { origin: 'https://evil.example' }))
    expect(post.status).toBe(403)
    expect(post.headers.get('access-control-allow-origin')).toBeNull()
    expect(await count(backend, 'leads')).toBe(before)
  })

  it('does not treat a look-alike host as localhost', async () => {
    const response = await backend.handle(preflight('http://localhost.evil.example:5173'))
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it("allows requests without Origin and from the function's own origin", async () => {
    const noOrigin = await backend.handle(jsonRequest('contact', goodLead(), { origin: '' }))
    expect(noOrigin.status).toBe(201)
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull()
    const same = await backend.handle(jsonRequest('contact', goodLead(), { origin: 'http://127.0.0.1:54321' }))
    expect(same.status).toBe(201)
  })

  it('uses the ALLOWED_ORIGINS allow-list (exact origins) when given', async () => {
    const handle = createSubmitHandler({
      kind: 'contact',
      form: FORMS.contact,
      store: createSqlStore(pgliteClient(backend.db), FORMS),
      env: { ALLOWED_ORIGINS: 'https://guardline.example, https://www.guardline.example/', RATE_LIMIT_MAX: '0' },
    })
    const ok = await handle(preflight('https://www.guardline.example'))
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://www.guardline.example')
    const local = await handle(preflight('http://localhost:5173'))
    expect(local.status).toBe(403)
    const post = await handle(jsonRequest('contact', goodLead(), { origin: 'https://guardline.example' }))
    expect(post.status).toBe(201)
    expect(post.headers.get('access-control-allow-origin')).toBe('https://guardline.example')
  })
})

// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalBackend } from '../../../server/local-backend.ts'
import {
  body,
  count,
  files,
  goodApplication,
  goodLead,
  jsonRequest,
  memoryBackend,
  multipartRequest,
} from './helpers.ts'

let backend: LocalBackend
beforeAll(async () => {
  backend = await memoryBackend()
}, 60_000)
afterAll(() => backend.close())

async function rowsWithKey(table: string, key: string): Promise<number> {
  const { rows } = await backend.db.query<{ n: number }>(
    `select count(*)::int as n from ${table} where idempotency_key = $1`,
    [key],
  )
  return rows[0].n
}

describe('idempotency', () => {
  it('answers a sequential repeat with the first answer and stores once', async () => {
    const lead = goodLead()
    const first = await backend.handle(jsonRequest('contact', lead))
    const firstBody = await first.text()
    // Spacing the normaliser trims away and key order do not make another body.
    const reordered = Object.fromEntries(Object.entries(lead).reverse())
    const second = await backend.handle(jsonRequest('contact', { ...reordered, name: ` ${lead.name} ` }))
    expect(second.status).toBe(first.status)
    expect(await second.text()).toBe(firstBody)
    expect(await rowsWithKey('leads', lead.idempotencyKey as string)).toBe(1)
  })

  it('refuses the same key with a different body with 422, keeping the first', async () => {
    const lead = goodLead()
    const first = await backend.handle(jsonRequest('contact', lead))
    expect(first.status).toBe(201)
    const other = await backend.handle(jsonRequest('contact', { ...lead, message: 'Something else entirely.' }))
    expect(other.status).toBe(422)
    expect((await body(other)).error).toMatch(/already used for a different submission/)
    const { rows } = await backend.db.query<{ message: string }>(
      'select message from leads where idempotency_key = $1',
      [lead.idempotencyKey],
    )
    expect(rows).toEqual([{ message: lead.message }])
  })

  it('refuses the same key with other résumé bytes with 422', async () => {
    const application = goodApplication()
    const first = await backend.handle(
      multipartRequest('application', application, { bytes: files.pdf(), name: 'cv.pdf' }),
    )
    expect(first.status).toBe(201)
    const otherPdf = files.pdf()
    otherPdf[100] = 0x41
    const other = await backend.handle(
      multipartRequest('application', application, { bytes: otherPdf, name: 'cv.pdf' }),
    )
    expect(other.status).toBe(422)
    const same = await backend.handle(
      multipartRequest('application', application, { bytes: files.pdf(), name: 'cv.pdf' }),
    )
    expect(await same.json()).toEqual(await first.json())
  })

  it('stores once when 20 copies arrive at the same time', async () => {
    const application = goodApplication()
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        backend.handle(multipartRequest('application', application, { bytes: files.pdf(), name: 'cv.pdf' })),
      ),
    )
    const answers = await Promise.all(responses.map((response) => response.text()))
    expect(responses.map((response) => response.status)).toEqual(new Array(20).fill(201))
    expect(new Set(answers).size).toBe(1)
    expect(await rowsWithKey('job_applications', application.idempotencyKey as string)).toBe(1)
  })

  it('takes the key from the Idempotency-Key header when the body has none', async () => {
    const key = crypto.randomUUID()
    const lead = goodLead({ idempotencyKey: undefined })
    const first = await backend.handle(jsonRequest('contact', lead, { 'idempotency-key': key }))
    expect(first.status).toBe(201)
    const again = await backend.handle(jsonRequest('contact', lead, { 'x-idempotency-key': key }))
    expect(await again.json()).toEqual(await first.json())
    expect(await rowsWithKey('leads', key)).toBe(1)
  })

  it("prefers the body's key over the header's", async () => {
    const lead = goodLead()
    const headerKey = crypto.randomUUID()
    await backend.handle(jsonRequest('contact', lead, { 'idempotency-key': headerKey }))
    expect(await rowsWithKey('leads', lead.idempotencyKey as string)).toBe(1)
    expect(await rowsWithKey('leads', headerKey)).toBe(0)
  })

  it('keeps distinct keys distinct', async () => {
    const before = await count(backend, 'leads')
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => backend.handle(jsonRequest('contact', goodLead()))),
    )
    const ids = await Promise.all(responses.map(async (response) => (await body(response)).id))
    expect(new Set(ids).size).toBe(30)
    expect(await count(backend, 'leads')).toBe(before + 30)
  })
})

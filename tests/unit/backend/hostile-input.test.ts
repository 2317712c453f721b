// @vitest-environment node
// Bodies shaped to slip past validation: prototype keys and control characters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { body, count, goodApplication, goodLead, jsonRequest, memoryBackend } from './helpers.ts'

let backend: LocalBackend
beforeAll(async () => {
  backend = await memoryBackend()
}, 60_000)
afterAll(() => backend.close())

/** JSON text with a literal "__proto__" (or other) key, as curl would send it. */
function withKey(fields: Record<string, unknown>, key: string, value: unknown): string {
  return `${JSON.stringify(fields).slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value)}}`
}

describe('prototype keys', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('refuses a top-level "%s" key with 400', async (key) => {
    const { message: _hidden, ...lead } = goodLead()
    const before = await count(backend, 'leads')
    const response = await backend.handle(jsonRequest('contact', withKey(lead, key, { message: 'hidden' })))
    expect(response.status).toBe(400)
    expect((await body(response)).error).toBe(`The form data may not contain the key "${key}".`)
    expect(await count(backend, 'leads')).toBe(before)
  })

  it('refuses a nested "__proto__" key', async () => {
    const nested = `${JSON.stringify(goodApplication()).slice(0, -1)},"floridaLicenses":[{"__proto__":{}}]}`
    const response = await backend.handle(jsonRequest('application', nested))
    expect(response.status).toBe(400)
    expect((await body(response)).error).toBe('The form data may not contain the key "__proto__".')
  })

  it('never stores a "yes" whose required details came from a prototype (JSON or multipart)', async () => {
    const before = await count(backend, 'job_applications')
    const application = goodApplication({ misdemeanorConviction: 'yes' })
    const trick = withKey(application, '__proto__', { misdemeanorDetails: 'hidden' })
    expect((await backend.handle(jsonRequest('application', trick))).status).toBe(400)
    const form = new FormData()
    form.set('payload', trick)
    const multipart = new Request('http://127.0.0.1/functions/v1/submit-application', { method: 'POST', body: form })
    expect((await backend.handle(multipart)).status).toBe(400)
    expect(await count(backend, 'job_applications')).toBe(before)
  })
})

describe('control characters', () => {
  it.each([
    ['contact', 'name', '\u0000'],
    ['contact', 'message', 'line one\u0000line two'],
    ['contact', 'message', 'escape \u001b[31m'],
    ['application', 'city', 'Orlando\u0007'],
    ['application', 'additionalCertifications', 'CPR\u0000'],
  ] as const)('refuses %s.%s containing %j with 400 and a field message', async (kind, field, value) => {
    const fields = kind === 'contact' ? goodLead({ [field]: value }) : goodApplication({ [field]: value })
    const response = await backend.handle(jsonRequest(kind, fields))
    expect(response.status).toBe(400)
    expect((await body(response)).fields).toEqual([
      { path: `/${field}`, message: expect.stringContaining('invisible control character') },
    ])
  })

  it('keeps line breaks and tabs in multi-line answers', async () => {
    const response = await backend.handle(
      jsonRequest('contact', goodLead({ message: 'Line one\r\nLine two\n\tindented' })),
    )
    expect(response.status).toBe(201)
  })
})

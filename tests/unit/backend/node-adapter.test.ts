// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { remoteAddressOf, sendFetchResponse, toFetchRequest } from '../../../server/node-fetch-adapter.ts'
import { count, files, goodApplication, goodLead, memoryBackend } from './helpers.ts'

let backend: LocalBackend
let server: Server
let base: string

beforeAll(async () => {
  backend = await memoryBackend()
  server = createServer(async (req, res) => {
    await sendFetchResponse(res, await backend.handle(toFetchRequest(req), remoteAddressOf(req)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1`
}, 60_000)

afterAll(async () => {
  const closed = new Promise((resolve) => server.close(resolve))
  server.closeAllConnections() // fetch keeps connections alive
  await closed
  await backend.close()
})

describe('node:http adapter', () => {
  it('carries JSON, headers and status both ways', async () => {
    const response = await fetch(`${base}/submit-lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify(goodLead()),
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect((await response.json()).ok).toBe(true)
  })

  it('streams a multipart résumé upload through to storage', async () => {
    const form = new FormData()
    form.set('payload', JSON.stringify(goodApplication()))
    form.set('resume', new File([files.pdf() as BlobPart], 'cv.pdf', { type: 'application/pdf' }))
    const response = await fetch(`${base}/submit-application`, { method: 'POST', body: form })
    expect(response.status).toBe(201)
    expect(await count(backend, 'job_applications')).toBe(1)
  })

  it('answers an oversized upload with 413', async () => {
    const form = new FormData()
    form.set('payload', JSON.stringify(goodApplication()))
    form.set('resume', new File([new Uint8Array(6 * 1024 * 1024)], 'cv.pdf'))
    const response = await fetch(`${base}/submit-application`, { method: 'POST', body: form })
    expect(response.status).toBe(413)
  })

  it('passes the socket address on as the client IP', async () => {
    const response = await fetch(`${base}/submit-lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(goodLead()),
    })
    expect(response.status).toBe(201)
    const { rows } = await backend.db.query<{ ip_hash: string }>(
      'select ip_hash from leads order by created_at desc limit 1',
    )
    expect(rows[0].ip_hash).toMatch(/^[0-9a-f]{64}$/)
  })
})

// @vitest-environment node
// Claims before side effects, against a real HTTP storage service on 127.0.0.1
// (speaking the Supabase Storage object API) and the real store on PGlite. Two
// handler instances stand for two function instances, which share only the database.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORMS } from '../../../forms/registry.ts'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { pgliteClient } from '../../../server/local-database.ts'
import { createSubmitHandler, KEY_TTL_MS } from '../../../supabase/functions/_shared/handler.ts'
import { createBucketResumeStorage } from '../../../supabase/functions/_shared/resume-storage.ts'
import { createSqlStore } from '../../../supabase/functions/_shared/store.ts'
import { body, files, goodApplication, goodLead, jsonRequest, memoryBackend, multipartRequest } from './helpers.ts'

interface Upload {
  name: string
  upsert: string | undefined
  /** Resolves the upload's answer; until then the request hangs, as a slow upload would. */
  release: () => void
}

let backend: LocalBackend
let storage: Server
let storageUrl = ''
const objects = new Map<string, Uint8Array>()
const uploads: Upload[] = []
let holdUploads = false
const uploadArrived: Array<(upload: Upload) => void> = []

beforeAll(async () => {
  backend = await memoryBackend()
  storage = createServer(async (req, res) => {
    const bytes = await readAll(req)
    const url = new URL(req.url ?? '/', 'http://storage')
    const match = /^\/storage\/v1\/object\/resumes(?:\/(.+))?$/.exec(url.pathname)
    if (req.headers.authorization !== 'Bearer service-key' || !match) return void res.writeHead(403).end()
    if (req.method === 'DELETE') {
      for (const name of JSON.parse(bytes.toString()).prefixes as string[]) objects.delete(name)
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    }
    const name = match[1]
    const answer = () => {
      if (objects.has(name) && req.headers['x-upsert'] !== 'true') {
        return void res.writeHead(409, { 'content-type': 'application/json' }).end('{"error":"Duplicate"}')
      }
      objects.set(name, new Uint8Array(bytes))
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"Key":"resumes/${name}"}`)
    }
    let released = !holdUploads
    const upload: Upload = {
      name,
      upsert: req.headers['x-upsert'] as string | undefined,
      release: () => {
        if (!released) answer()
        released = true
      },
    }
    uploads.push(upload)
    uploadArrived.shift()?.(upload)
    if (released) answer()
  })
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve))
  storageUrl = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`
}, 60_000)

afterAll(async () => {
  storage.closeAllConnections()
  await new Promise((resolve) => storage.close(resolve))
  await backend.close()
})

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function nextUpload(): Promise<Upload> {
  return new Promise((resolve) => uploadArrived.push(resolve))
}

function functionInstance(now: () => number = Date.now) {
  return createSubmitHandler({
    kind: 'application',
    form: FORMS.application,
    store: createSqlStore(pgliteClient(backend.db), FORMS),
    env: { ALLOWED_ORIGINS: 'http://localhost:*', RATE_LIMIT_MAX: '0', RATE_LIMIT_EMAIL_MAX: '0', IP_HASH_SALT: 't' },
    resumes: createBucketResumeStorage({ supabaseUrl: storageUrl, serviceRoleKey: 'service-key' }),
    now,
    logError: () => {},
  })
}

async function storedPath(key: string): Promise<string[]> {
  const { rows } = await backend.db.query<{ resume_path: string }>(
    'select resume_path from job_applications where idempotency_key = $1',
    [key],
  )
  return rows.map((row) => row.resume_path)
}

describe('idempotency claims with a storage service', () => {
  it('claims the key before uploading: a racing copy waits (409) and the row names the one file kept', async () => {
    const [first, second] = [functionInstance(), functionInstance()]
    const application = goodApplication()
    const send = (handle: typeof first) =>
      handle(multipartRequest('application', application, { bytes: files.pdf(), name: 'cv.pdf' }))
    holdUploads = true
    const arrived = nextUpload()
    const firstAnswer = send(first)
    const upload = await arrived

    const racing = await send(second)
    expect(racing.status).toBe(409)
    expect(racing.headers.get('retry-after')).toBe('2')
    const otherBody = await second(
      multipartRequest('application', { ...application, city: 'Tampa' }, { bytes: files.pdf(), name: 'cv.pdf' }),
    )
    expect(otherBody.status).toBe(422)

    upload.release()
    holdUploads = false
    const stored = await firstAnswer
    expect(stored.status).toBe(201)
    const retry = await send(second)
    expect(await body(retry)).toEqual(await body(stored))

    // One upload, to a random name that is not the submission key, never overwriting.
    const mine = uploads.filter((u) => u === upload)
    expect(mine).toHaveLength(1)
    expect(upload.upsert).toBe('false')
    expect(upload.name).toMatch(/^[0-9a-f-]{36}\.pdf$/)
    expect(upload.name).not.toContain(application.idempotencyKey as string)
    expect(await storedPath(application.idempotencyKey as string)).toEqual([`resumes/${upload.name}`])
    expect(objects.has(upload.name)).toBe(true)
  })

  it('deletes the uploaded file and frees the key when the row cannot be stored', async () => {
    await backend.db.exec(`alter table job_applications add constraint test_no_failtown check (city <> 'Failtown')`)
    try {
      const handle = functionInstance()
      const application = goodApplication({ city: 'Failtown' })
      const objectsBefore = objects.size
      const arrived = nextUpload()
      const refused = await handle(multipartRequest('application', application, { bytes: files.pdf(), name: 'cv.pdf' }))
      const upload = await arrived
      expect(refused.status).toBe(400)
      expect(objects.has(upload.name)).toBe(false)
      expect(objects.size).toBe(objectsBefore)
      const { rows } = await backend.db.query('select 1 from idempotency_keys where key = $1', [
        application.idempotencyKey,
      ])
      expect(rows).toEqual([])
    } finally {
      await backend.db.exec('alter table job_applications drop constraint test_no_failtown')
    }
  })

  it('takes over a claim abandoned by a request that died, once its lease is over', async () => {
    let clock = Date.UTC(2031, 0, 1)
    const handle = functionInstance(() => clock)
    const application = goodApplication()
    const send = () => handle(jsonRequest('application', application))
    // A first attempt claimed the key and died before storing anything: its claim stays behind.
    const dead = functionInstance(() => clock)
    holdUploads = true
    const arrived = nextUpload()
    const lateAnswer = dead(multipartRequest('application', application, { bytes: files.pdf(), name: 'cv.pdf' }))
    const stuck = await arrived
    expect((await send()).status).toBe(422) // another body (no résumé) under the same key
    const { rows } = await backend.db.query<{ n: number }>(
      'select count(*)::int as n from idempotency_keys where key = $1 and submission_id is null',
      [application.idempotencyKey],
    )
    expect(rows[0].n).toBe(1)
    const sameBody = () => handle(multipartRequest('application', application, { bytes: files.pdf(), name: 'cv.pdf' }))
    expect((await sameBody()).status).toBe(409)
    clock += 3 * 60_000
    holdUploads = false
    const takenOver = await sameBody()
    expect(takenOver.status).toBe(201)
    // The slow request comes back after all: it loses to the row stored meanwhile and removes its own file.
    stuck.release()
    expect(await body(await lateAnswer)).toEqual(await body(takenOver))
    const [path] = await storedPath(application.idempotencyKey as string)
    expect(objects.has(path.replace(/^resumes\//, ''))).toBe(true)
    expect(objects.has(stuck.name)).toBe(false)
  })

  it('prunes claims 24 hours after first use; the record keeps refusing another body under its key', async () => {
    let clock = Date.UTC(2032, 0, 1)
    const handle = functionInstance(() => clock)
    const application = goodApplication()
    const send = (fields: Record<string, unknown>) =>
      handle(multipartRequest('application', fields, { bytes: files.pdf(), name: 'cv.pdf' }))
    const first = await body(await send(application))
    const claims = async () =>
      (await backend.db.query('select 1 from idempotency_keys where key = $1', [application.idempotencyKey])).rows
        .length
    expect(await claims()).toBe(1)

    clock += KEY_TTL_MS + 60 * 60_000
    expect((await handle(jsonRequest('application', goodApplication()))).status).toBe(201) // any request prunes
    expect(await claims()).toBe(0)
    const { rows } = await backend.db.query('select id::text from job_applications where id = $1', [first.id])
    expect(rows).toEqual([{ id: first.id }])

    const uploadsBefore = uploads.length
    expect((await send({ ...application, city: 'Tampa' })).status).toBe(422)
    expect(await body(await send(application))).toEqual(first)
    expect(uploads.length).toBe(uploadsBefore) // neither repeat uploaded anything
  })

  it('needs no claim where nothing happens outside the row: a lead is one atomic insert', async () => {
    const handle = createSubmitHandler({
      kind: 'contact',
      form: FORMS.contact,
      store: createSqlStore(pgliteClient(backend.db), FORMS),
      env: { ALLOWED_ORIGINS: 'http://localhost:*', RATE_LIMIT_MAX: '0', RATE_LIMIT_EMAIL_MAX: '0', IP_HASH_SALT: 't' },
    })
    const lead = goodLead()
    const answers = await Promise.all(
      [lead, lead, { ...lead, message: 'Another text.' }].map((fields) => handle(jsonRequest('contact', fields))),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 422])
    const { rows } = await backend.db.query('select 1 from idempotency_keys where key = $1', [lead.idempotencyKey])
    expect(rows).toEqual([])
  })
})

// @vitest-environment node
// The hosted path end to end: the real Deno entrypoint (postgres.js over
// SUPABASE_DB_URL, résumé upload to the Storage REST API) against a throwaway
// PostgreSQL 15+ cluster set up as a Supabase project (its API roles, their default
// privileges, the auth functions and the storage schema: postgres-cluster.ts),
// and a fake Storage server. Skipped, saying why, when PostgreSQL server
// binaries or Deno are not on the machine.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files, goodApplication } from './helpers.ts'
import {
  type Cluster,
  clusterSkipReason,
  type ServedFunction,
  SUPABASE_PROJECT,
  serveFunction,
  startCluster,
} from './postgres-cluster.ts'

if (clusterSkipReason) console.warn(`hosted-postgres tests skipped: ${clusterSkipReason}`)

const ORIGIN = 'https://site.example'
let cluster: Cluster | undefined
let fn: ServedFunction | undefined
let purge: ServedFunction | undefined
let fnUrl = ''
let purgeUrl = ''
const deletions: { url: string; authorization?: string; prefixes: string[] }[] = []
let storage: Server | undefined
const uploads: { url: string; authorization?: string; contentType?: string; upsert?: string; bytes: number }[] = []
const psql = (sql: string) => cluster!.psql(sql)

describe.skipIf(clusterSkipReason !== null)('hosted functions on PostgreSQL (Deno + postgres.js)', () => {
  beforeAll(async () => {
    cluster = await startCluster({ setupSql: SUPABASE_PROJECT })

    storage = createServer((req, res) => {
      let bytes = 0
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        chunks.push(chunk)
      })
      req.on('end', () => {
        if (req.method === 'DELETE') {
          const { prefixes } = JSON.parse(Buffer.concat(chunks).toString()) as { prefixes: string[] }
          deletions.push({ url: req.url!, authorization: req.headers.authorization, prefixes })
          return void res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
        }
        uploads.push({
          url: req.url!,
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          upsert: req.headers['x-upsert'] as string | undefined,
          bytes,
        })
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"Key":"ok"}')
      })
    })
    await new Promise<void>((resolve) => storage!.listen(0, '127.0.0.1', resolve))
    const storagePort = (storage.address() as AddressInfo).port

    const env = {
      SUPABASE_DB_URL: cluster.url,
      SUPABASE_URL: `http://127.0.0.1:${storagePort}`,
      SUPABASE_SERVICE_ROLE_KEY: 'service-role-test-key',
      ALLOWED_ORIGINS: ORIGIN,
      IP_HASH_SALT: 'test-salt',
      RATE_LIMIT_MAX: '100',
    }
    ;[fn, purge] = await Promise.all([serveFunction('submit-application', env), serveFunction('purge-expired', env)])
    fnUrl = fn.url
    purgeUrl = purge.url
  }, 180_000)

  afterAll(async () => {
    fn?.process.kill('SIGTERM')
    purge?.process.kill('SIGTERM')
    await new Promise((resolve) => (storage ? storage.close(resolve) : resolve(undefined)))
    cluster?.stop()
  }, 60_000)

  it("created the private bucket and took the API roles' grants away", () => {
    expect(psql("select id || ':' || public from storage.buckets")).toBe('resumes:false')
    expect(psql("select has_table_privilege('anon', 'job_applications', 'insert')")).toBe('f')
  })

  it('stores an application with its résumé in the bucket, once across concurrent duplicates', async () => {
    const application = goodApplication({
      militaryService: 'honorable',
      militaryBranch: 'Navy',
      marijuanaDetails: 'dropped',
    })
    const send = () => {
      const form = new FormData()
      form.set('payload', JSON.stringify(application))
      form.set('resume', new File([files.pdf() as BlobPart], 'My CV.pdf'))
      return fetch(fnUrl, { method: 'POST', headers: { origin: ORIGIN }, body: form })
    }
    const responses = await Promise.all(Array.from({ length: 10 }, send))
    const answers = await Promise.all(responses.map((response) => response.text()))
    expect(responses.map((response) => response.status)).toEqual(new Array(10).fill(201))
    expect(new Set(answers).size).toBe(1)
    expect(responses[0].headers.get('access-control-allow-origin')).toBe(ORIGIN)

    const key = application.idempotencyKey as string
    const row = psql(
      `select count(*) || '|' || min(resume_path) || '|' || min(resume_mime) || '|' || min(resume_file_name) || '|' ||
              min(florida_licenses::text) || '|' || min(military_branch) || '|' || coalesce(min(marijuana_details), 'null')
       from job_applications where idempotency_key = '${key}'`,
    )
    // One upload (the copies waited for the first answer), to a random name, never overwriting.
    expect(uploads).toHaveLength(1)
    const name = /^\/storage\/v1\/object\/resumes\/([0-9a-f-]{36}\.pdf)$/.exec(uploads[0].url)?.[1]
    expect(name).toBeDefined()
    expect(row).toBe(`1|resumes/${name}|application/pdf|My CV.pdf|{florida-d,florida-g}|Navy|null`)
    expect(uploads[0]).toMatchObject({
      authorization: 'Bearer service-role-test-key',
      contentType: 'application/pdf',
      upsert: 'false',
      bytes: files.pdf().byteLength,
    })
  })

  it('answers a database refusal caused by the data with 400, logging code and constraint only', async () => {
    psql(`alter table job_applications add constraint test_no_friday check (city not like '%Friday%')`)
    try {
      const refused = await fetch(fnUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify(goodApplication({ city: 'Friday Harbor' })),
      })
      expect(refused.status).toBe(400)
      expect(fn!.log()).toMatch(/code: "23514", constraint: "test_no_friday"/)
      expect(fn!.log()).not.toContain('Friday Harbor')
    } finally {
      psql('alter table job_applications drop constraint test_no_friday')
    }
  })

  it('keeps a honeypot hit in quarantine with its fields as a JSON object', async () => {
    const bot = goodApplication({ website: 'http://spam.example' })
    const response = await fetch(fnUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(bot),
    })
    expect(response.status).toBe(201)
    expect(
      psql(
        `select jsonb_typeof(fields) || '|' || (fields->>'website') from quarantined_submissions
         where idempotency_key = '${bot.idempotencyKey}'`,
      ),
    ).toBe('object|http://spam.example')
  })

  it('refuses bad input the same way as locally', async () => {
    const response = await fetch(fnUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(goodApplication({ zipCode: '123' })),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ fields: [{ path: '/zipCode' }] })
  })

  it('purge-expired deletes applications past their period with their résumé files, for the service-role key only', async () => {
    psql(`update job_applications set created_at = created_at - interval '400 days'`)
    const [rows, withFiles] = psql("select count(*) || ',' || count(resume_path) from job_applications")
      .split(',')
      .map(Number)
    const names = psql(
      `select string_agg(substr(resume_path, 9), ',' order by resume_path) from job_applications`,
    ).split(',')
    expect(withFiles).toBeGreaterThan(0)

    const anon = await fetch(purgeUrl, { method: 'POST', headers: { authorization: 'Bearer anon-key' } })
    expect(anon.status).toBe(401)
    expect(Number(psql('select count(*) from job_applications'))).toBe(rows)

    const response = await fetch(purgeUrl, {
      method: 'POST',
      headers: { authorization: 'Bearer service-role-test-key', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ applications: rows, resumeFiles: withFiles, leads: 0 })
    expect(deletions).toEqual([
      { url: '/storage/v1/object/resumes', authorization: 'Bearer service-role-test-key', prefixes: names },
    ])
    expect(psql('select count(*) from job_applications')).toBe('0')
  })
})

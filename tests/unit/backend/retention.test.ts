// @vitest-environment node
// The retention job on the local backend, run with a clock shifted past the retention periods.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FORMS } from '../../../forms/registry.ts'
import { createLocalBackend, type LocalBackend } from '../../../server/local-backend.ts'
import { pgliteClient } from '../../../server/local-database.ts'
import { purgeLocal } from '../../../server/retention.ts'
import { purgeExpired, readRetention } from '../../../supabase/functions/_shared/retention.ts'
import {
  body,
  count,
  files,
  goodApplication,
  goodLead,
  goodQuote,
  jsonRequest,
  memoryBackend,
  migratedDiskBackend,
  multipartRequest,
} from './helpers.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const dir = mkdtempSync(join(tmpdir(), 'retention-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function submitOneOfEach(backend: LocalBackend) {
  expect((await backend.handle(jsonRequest('contact', goodLead()))).status).toBe(201)
  const application = await backend.handle(
    multipartRequest('application', goodApplication(), { bytes: files.pdf(), name: 'cv.pdf' }),
  )
  expect(application.status).toBe(201)
  expect((await backend.handle(jsonRequest('contact', goodLead({ website: 'spam' })))).status).toBe(201)
  return (await body(application)).id as string
}

async function tables(backend: LocalBackend) {
  return {
    leads: await count(backend, 'leads'),
    applications: await count(backend, 'job_applications'),
    quarantined: await count(backend, 'quarantined_submissions'),
    idempotencyKeys: await count(backend, 'idempotency_keys'),
  }
}

describe('retention job', () => {
  it('keeps everything young, then deletes each kind after its own period (defaults)', async () => {
    const backend = await memoryBackend()
    try {
      await submitOneOfEach(backend)
      const env = {}
      const now = Date.now()
      expect(await purgeLocal(backend.db, FORMS, env, new Date(now))).toMatchObject({ applications: 0, leads: 0 })
      // An upload's claim (none locally: the bytes go into the row) is gone a day later; the submissions stay.
      await backend.db.query(
        `insert into idempotency_keys (scope, key, request_hash, first_used_at) values ('application', $1, 'h', $2)`,
        [crypto.randomUUID(), new Date(now).toISOString()],
      )
      expect(await tables(backend)).toEqual({ leads: 1, applications: 1, quarantined: 1, idempotencyKeys: 1 })
      await purgeLocal(backend.db, FORMS, env, new Date(now + DAY_MS + 60_000))
      expect(await tables(backend)).toEqual({ leads: 1, applications: 1, quarantined: 1, idempotencyKeys: 0 })

      await purgeLocal(backend.db, FORMS, env, new Date(now + 31 * DAY_MS))
      expect(await tables(backend)).toMatchObject({ leads: 1, applications: 1, quarantined: 0 })

      // 365 days for applications (their résumé bytes are in the row), 730 for leads.
      const yearLater = await purgeLocal(backend.db, FORMS, env, new Date(now + 366 * DAY_MS))
      expect(yearLater).toMatchObject({ applications: 1, leads: 0 })
      expect(await tables(backend)).toMatchObject({ leads: 1, applications: 0 })
      expect(await purgeLocal(backend.db, FORMS, env, new Date(now + 731 * DAY_MS))).toMatchObject({ leads: 1 })
      expect(await tables(backend)).toEqual({ leads: 0, applications: 0, quarantined: 0, idempotencyKeys: 0 })
    } finally {
      await backend.close()
    }
  }, 60_000)

  it('takes its periods from the environment and refuses a period that is not a whole number of days', async () => {
    expect(readRetention({ RETENTION_APPLICATION_DAYS: '30', RETENTION_LEAD_DAYS: '90' })).toEqual({
      applicationDays: 30,
      leadDays: 90,
      quarantineDays: 30,
      measureEventDays: 30,
      measureAggregateMonths: 25,
    })
    expect(() => readRetention({ RETENTION_LEAD_DAYS: '0' })).toThrow(
      'RETENTION_LEAD_DAYS must be a whole number of days (1 or more)',
    )
    const backend = await memoryBackend()
    try {
      await submitOneOfEach(backend)
      const env = { RETENTION_APPLICATION_DAYS: '30', RETENTION_LEAD_DAYS: '90' }
      expect(await purgeLocal(backend.db, FORMS, env, new Date(Date.now() + 31 * DAY_MS))).toMatchObject({
        applications: 1,
        leads: 0,
      })
      expect(await purgeLocal(backend.db, FORMS, env, new Date(Date.now() + 91 * DAY_MS))).toMatchObject({ leads: 1 })
    } finally {
      await backend.close()
    }
  }, 60_000)

  it('deletes stored résumé files before their rows, and keeps the rows when that fails', async () => {
    const backend = await memoryBackend()
    try {
      const id = await submitOneOfEach(backend)
      await backend.db.query(`update job_applications set resume_path = 'resumes/abc.pdf' where id = $1`, [id])
      const later = new Date(Date.now() + 366 * DAY_MS)
      const periods = readRetention({})
      const client = pgliteClient(backend.db)
      const failing = purgeExpired({
        client,
        periods,
        forms: FORMS,
        now: later,
        removeResumes: () => Promise.reject(new Error('storage unavailable')),
      })
      await expect(failing).rejects.toThrow('storage unavailable')
      expect(await count(backend, 'job_applications')).toBe(1)
      const removed: string[][] = []
      const counts = await purgeExpired({
        client,
        periods,
        forms: FORMS,
        now: later,
        removeResumes: async (paths) => void removed.push(paths),
      })
      expect(removed).toEqual([['resumes/abc.pdf']])
      expect(counts).toMatchObject({ applications: 1, resumeFiles: 1 })
      expect(await count(backend, 'job_applications')).toBe(0)
    } finally {
      await backend.close()
    }
  }, 60_000)

  it('keeps the leads of every form that counts them as leads for the leads’ period, whichever form', async () => {
    const backend = await memoryBackend()
    try {
      expect((await backend.handle(jsonRequest('contact', goodLead()))).status).toBe(201)
      expect((await backend.handle(jsonRequest('quote', goodQuote()))).status).toBe(201)
      const now = Date.now()
      expect(await purgeLocal(backend.db, FORMS, {}, new Date(now + 366 * DAY_MS))).toMatchObject({ leads: 0 })
      expect(await purgeLocal(backend.db, FORMS, {}, new Date(now + 731 * DAY_MS))).toMatchObject({ leads: 2 })
      expect(await count(backend, 'leads')).toBe(0)
    } finally {
      await backend.close()
    }
  }, 60_000)

  it("npm run retention purges a stopped backend's data directory, and leaves a running one alone", async () => {
    const dataDir = join(dir, 'pglite')
    const backend = await migratedDiskBackend({ dataDir, env: { RATE_LIMIT_MAX: '0' } })
    await submitOneOfEach(backend)
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/retention.ts'], {
        cwd: new URL('../../../', import.meta.url),
        env: { ...process.env, BACKEND_DATA_DIR: dataDir, ...env },
        encoding: 'utf8',
        timeout: 60_000,
      })
    const whileRunning = run({})
    expect(whileRunning.status).toBe(1)
    expect(whileRunning.stderr).toMatch(/in use by process \d+/)
    await backend.close()

    // Periods of one day, and every row made two days old: the clock the script reads is the real one.
    await backdate(dataDir, 2)
    const stopped = run({ RETENTION_APPLICATION_DAYS: '1', RETENTION_LEAD_DAYS: '1', RETENTION_QUARANTINE_DAYS: '1' })
    expect(stopped.stderr).toBe('')
    expect(stopped.stdout).toMatch(/Deleted 1 applications \(with their résumés\), 1 leads, 1 honeypot hits/)
  }, 120_000)
})

/** Shifts every stored timestamp back by `days`, as if the rows had been written then. */
async function backdate(dataDir: string, days: number) {
  const backend = await createLocalBackend({ dataDir })
  try {
    for (const table of ['leads', 'job_applications', 'quarantined_submissions']) {
      await backend.db.query(`update ${table} set created_at = created_at - make_interval(days => $1)`, [days])
    }
  } finally {
    await backend.close()
  }
}

// @vitest-environment node
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createLocalBackend } from '../../../server/local-backend.ts'
import { MIGRATIONS_DIR } from '../../../server/migrate.ts'
import {
  count,
  files,
  goodApplication,
  goodLead,
  jsonRequest,
  migratedDiskBackend,
  multipartRequest,
} from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'backend-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('local backend on a data directory', () => {
  it('applies migrations once, enables RLS everywhere and keeps data across reopen', async () => {
    const dataDir = join(dir, 'pglite')
    const first = await createLocalBackend({ dataDir, env: { RATE_LIMIT_MAX: '0' } })
    const lead = goodLead()
    expect((await first.handle(jsonRequest('contact', lead))).status).toBe(201)
    const application = await first.handle(
      multipartRequest('application', goodApplication(), { bytes: files.docx(), name: 'cv.docx' }),
    )
    expect(application.status).toBe(201)

    // Every table but the migration bookkeeping has RLS on (and, below, no policy).
    const rls = await first.db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
       where relnamespace = 'public'::regnamespace and relkind = 'r' and relname <> '_migrations' order by relname`,
    )
    expect(rls.rows.map((row) => row.relname)).toEqual(
      expect.arrayContaining(['idempotency_keys', 'job_applications', 'leads', 'quarantined_submissions']),
    )
    expect(rls.rows.filter((row) => !row.relrowsecurity)).toEqual([])
    const policies = await first.db.query('select * from pg_policies')
    expect(policies.rows).toEqual([])

    // A second process (or instance) must not open the same directory meanwhile.
    await expect(createLocalBackendInChild(dataDir)).resolves.toMatch(/in use by process/)
    await first.close()

    const second = await createLocalBackend({ dataDir })
    expect(await count(second, 'leads')).toBe(1)
    expect(await count(second, 'job_applications')).toBe(1)
    const migrations = await second.db.query<{ name: string }>('select name from _migrations')
    expect(migrations.rows).toHaveLength(readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')).length)
    // The repeat after a restart still gets the first answer.
    const again = await second.handle(jsonRequest('contact', lead))
    expect(again.status).toBe(201)
    expect(await count(second, 'leads')).toBe(1)
    await second.close()
  }, 120_000)

  it('serves 50 concurrent submissions without losing or duplicating any', async () => {
    // A data directory on disk, started from the run's migrated database (the test above creates one).
    const backend = await migratedDiskBackend({
      dataDir: join(dir, 'concurrent'),
      env: { RATE_LIMIT_MAX: '0', RATE_LIMIT_EMAIL_MAX: '0' },
    })
    const leads = Array.from({ length: 50 }, () => goodLead())
    // Every fifth submission is sent twice at once, as a double click would.
    const requests = [...leads, ...leads.filter((_, i) => i % 5 === 0)]
    const responses = await Promise.all(requests.map((lead) => backend.handle(jsonRequest('contact', lead))))
    expect(responses.every((response) => response.status === 201)).toBe(true)
    expect(await count(backend, 'leads')).toBe(50)
    await backend.close()
  }, 120_000)
})

/** Opens the directory from another Node process and returns its error text. */
async function createLocalBackendInChild(dataDir: string): Promise<string> {
  const { spawnSync } = await import('node:child_process')
  const script = `import { createLocalBackend } from "./server/local-backend.ts";
    try { await createLocalBackend({ dataDir: ${JSON.stringify(dataDir)} }); console.log("opened"); process.exit(0); }
    catch (error) { console.log(String(error.message)); process.exit(0); }`
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: new URL('../../../', import.meta.url),
    encoding: 'utf8',
    timeout: 60_000,
  })
  return result.stdout + result.stderr
}

/**
 * npm run retention: deletes the applications (résumés included), leads,
 * honeypot hits, idempotency claims and rate-limit counters of the local
 * backend that are past their retention period (RETENTION_* in the README).
 * A running backend does this daily itself; this is for a stopped one.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { lockDataDir } from '../server/data-dir-lock.ts'
import { openLocalDatabase } from '../server/local-database.ts'
import { runMigrations } from '../server/migrate.ts'
import { purgeLocal } from '../server/retention.ts'
import { loadSiteForms } from '../server/site-forms.ts'

// The forms of the site in the working folder (its forms/registry.ts).
const { forms: FORMS } = await loadSiteForms(process.cwd())

const dataDir = resolve(process.env.BACKEND_DATA_DIR ?? '.data/pglite')
if (!existsSync(join(dataDir, 'PG_VERSION'))) {
  console.log(`No database at ${dataDir}: nothing to delete.`)
  process.exit(0)
}
let lock: ReturnType<typeof lockDataDir>
try {
  lock = lockDataDir(dataDir)
} catch (error) {
  console.error(`${(error as Error).message}\nA running backend applies the retention periods itself, daily.`)
  process.exit(1)
}
const db = await openLocalDatabase(dataDir, { relaxedDurability: false })
try {
  await runMigrations(db)
  const counts = await purgeLocal(db, FORMS, process.env)
  console.log(
    `Deleted ${counts.applications} applications (with their résumés), ${counts.leads} leads, ` +
      `${counts.quarantined} honeypot hits, ${counts.idempotencyKeys} idempotency claims, ` +
      `${counts.rateLimitWindows} rate-limit windows.`,
  )
} finally {
  await db.close()
  lock.release()
}

/**
 * The local backend's notification outbox.
 *
 *   tsx scripts/notifications.ts [--json] [--data-dir .data/pglite]   counts, and every row not delivered
 *   tsx scripts/notifications.ts --retry-dead                          re-queues dead rows for another 24 h of retries
 *
 * Listing reads a copy while a backend holds the directory; --retry-dead writes, so it
 * needs the directory to itself (stop the backend, re-queue, start it again: it sends
 * what is due as it starts).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { lockDataDir, lockHolder } from '../server/data-dir-lock.ts'
import { openLocalDatabase, pgliteClient } from '../server/local-database.ts'
import { runMigrations } from '../server/migrate.ts'
import { createOutbox, type NotificationStatus } from '../supabase/functions/_shared/notifications/outbox.ts'

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    'retry-dead': { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: process.env.BACKEND_DATA_DIR ?? '.data/pglite' },
  },
})
const dataDir = resolve(values['data-dir']!)

if (!existsSync(join(dataDir, 'PG_VERSION'))) {
  console.error(`No database at ${dataDir} (nothing submitted yet, or another --data-dir).`)
  process.exit(1)
}

if (values['retry-dead']) {
  const holder = lockHolder(dataDir)
  if (holder !== null) {
    console.error(`Backend process ${holder} holds ${dataDir}: stop it, run this again, then start it.`)
    process.exit(1)
  }
  const lock = lockDataDir(dataDir)
  const db = await openLocalDatabase(dataDir, { relaxedDurability: false })
  try {
    await runMigrations(db)
    const requeued = await createOutbox(pgliteClient(db)).retryDead(Date.now())
    console.log(
      requeued === 0
        ? 'No dead notifications.'
        : `Re-queued ${requeued} dead notification(s); the backend sends them when it next runs.`,
    )
  } finally {
    await db.close()
    lock.release()
  }
} else {
  const holder = lockHolder(dataDir)
  const copy = holder === null ? null : mkdtempSync(join(tmpdir(), 'notifications-'))
  if (copy !== null) {
    console.error(`Backend process ${holder} holds ${dataDir}; reading a copy.`)
    cpSync(dataDir, join(copy, 'pglite'), { recursive: true })
  }
  const lock = copy === null ? lockDataDir(dataDir) : null
  const db = await openLocalDatabase(copy === null ? dataDir : join(copy, 'pglite'))
  try {
    const exists = (await db.query<{ t: string | null }>("select to_regclass('notifications')::text as t")).rows[0]
    const rows = exists?.t ? await createOutbox(pgliteClient(db)).list() : []
    if (values.json) console.log(JSON.stringify(rows, null, 2))
    else print(rows)
  } finally {
    await db.close()
    lock?.release()
    if (copy !== null) rmSync(copy, { recursive: true, force: true })
  }
}

function print(rows: NotificationStatus[]): void {
  const counts = { pending: 0, delivered: 0, dead: 0 }
  for (const row of rows) counts[row.status]++
  console.log(`Notifications: ${counts.delivered} delivered, ${counts.pending} pending, ${counts.dead} dead`)
  for (const row of rows.filter((r) => r.status !== 'delivered')) {
    const when = row.status === 'dead' ? 'dead' : `pending, next ${row.nextAttemptAt.slice(0, 19).replace('T', ' ')}`
    console.log(
      `  ${row.channel} for ${row.recordKind} ${row.recordId}: ${when}, ${row.attempts} attempt(s), last error: ${row.lastError ?? '-'}`,
    )
  }
  if (counts.dead > 0) console.log('Re-queue the dead ones with: npm run notifications -- --retry-dead')
}

// The leads and job applications a local backend's database holds, with their notifications:
// what `npm run submissions` prints, and what the browser tests read from their running backend
// (tests/e2e/global-setup.ts). Which tables hold which comes from the site's forms; a lead's row
// names its form (`form`).
import type { PGlite } from '@electric-sql/pglite'
import type { FormRegistry } from '../common/forms/define.ts'
import { recordTables } from '../supabase/functions/_shared/record.ts'

type Row = Record<string, unknown>
export type StoredSubmissions = { leads: Row[]; applications: Row[] }

export async function storedSubmissionsIn(db: PGlite, forms: FormRegistry): Promise<StoredSubmissions> {
  const stored: StoredSubmissions = { leads: [], applications: [] }
  for (const { table, counts } of recordTables(forms)) {
    stored[counts === 'lead' ? 'leads' : 'applications'].push(...(await rows(db, table)))
  }
  return stored
}

async function rows(db: PGlite, table: string): Promise<Row[]> {
  const exists = await db.query<{ t: string | null }>('select to_regclass($1)::text as t', [table])
  if (!exists.rows[0]?.t) return []
  const hasNotifications = (await db.query("select to_regclass('notifications') as t")).rows[0] as { t: unknown }
  const notifications =
    hasNotifications.t === null
      ? `'[]'::jsonb`
      : `coalesce((select jsonb_agg(jsonb_build_object(
           'channel', n.channel, 'status', n.status, 'attempts', n.attempts, 'delivered_at', n.delivered_at,
           'next_attempt_at', n.next_attempt_at, 'last_error', n.last_error) order by n.channel)
         from notifications n where n.record_id = t.id), '[]'::jsonb)`
  // Drop the bytes in SQL so they are never even loaded.
  const result = await db.query<{ row: Row }>(
    `select to_jsonb(t) - 'resume_data' - 'ip_hash' || jsonb_build_object('notifications', ${notifications}) as row
     from ${table} t order by created_at, id`,
  )
  return result.rows.map(({ row }) => row)
}

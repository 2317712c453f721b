/**
 * Storage of submissions over a minimal SQL client, so PGlite (local, tests)
 * and postgres.js (Supabase) run the very same statements.
 *
 * Idempotency is race-safe by construction: the unique idempotency_key decides
 * which of two concurrent inserts wins (ON CONFLICT DO NOTHING), and the loser
 * reads the winner's id back.
 */
import type { SubmissionKind } from './schemas.ts'

export interface SqlClient {
  query<Row extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<Row[]>
}

export type ColumnValue = string | number | boolean | null | readonly string[] | Uint8Array

/** Column name (snake_case) to value; must include idempotency_key. */
export type StoredRow = Readonly<Record<string, ColumnValue>>

export interface SubmissionStore {
  /** Id of the submission already stored under this key, if any. */
  findId(kind: SubmissionKind, idempotencyKey: string): Promise<string | null>
  /** Counts one hit in the fixed window starting at `windowStart`; returns the hits so far. */
  countHit(scope: string, ipHash: string, windowStart: Date): Promise<number>
  /** Stores the row unless its key exists; either way returns the id stored under the key. */
  insert(kind: SubmissionKind, row: StoredRow): Promise<{ id: string; created: boolean }>
}

export const TABLES: Record<SubmissionKind, string> = {
  lead: 'leads',
  application: 'job_applications',
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/

/** Rate-limit rows older than this are deleted when a new window starts. */
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000

export function createSqlStore(client: SqlClient): SubmissionStore {
  async function findId(kind: SubmissionKind, idempotencyKey: string): Promise<string | null> {
    const rows = await client.query<{ id: string }>(
      `select id::text as id from ${TABLES[kind]} where idempotency_key = $1::uuid`,
      [idempotencyKey],
    )
    return rows[0]?.id ?? null
  }

  return {
    findId,

    async countHit(scope, ipHash, windowStart) {
      const rows = await client.query<{ hits: number }>(
        `insert into submission_rate_limits as r (scope, ip_hash, window_start, hits)
         values ($1, $2, $3::timestamptz, 1)
         on conflict (scope, ip_hash, window_start) do update set hits = r.hits + 1
         returning r.hits`,
        [scope, ipHash, windowStart.toISOString()],
      )
      const hits = Number(rows[0]?.hits ?? 1)
      if (hits === 1) {
        const cutoff = new Date(windowStart.getTime() - RATE_LIMIT_RETENTION_MS)
        await client.query(`delete from submission_rate_limits where window_start < $1::timestamptz`, [
          cutoff.toISOString(),
        ])
      }
      return hits
    },

    async insert(kind, row) {
      const columns = Object.keys(row)
      for (const column of columns) {
        // Column names come from schema property names; never let anything else into the SQL text.
        if (!IDENTIFIER.test(column)) throw new Error(`Refusing column name ${JSON.stringify(column)}`)
      }
      const values = columns.map((column) => row[column])
      const placeholders = values.map((value, i) => `$${i + 1}${castFor(value)}`)
      const inserted = await client.query<{ id: string }>(
        `insert into ${TABLES[kind]} (${columns.join(', ')})
         values (${placeholders.join(', ')})
         on conflict (idempotency_key) do nothing
         returning id::text as id`,
        values,
      )
      if (inserted[0]) return { id: inserted[0].id, created: true }
      const key = row.idempotency_key
      const existing = typeof key === 'string' ? await findId(kind, key) : null
      if (existing === null) throw new Error('Insert conflicted but no row holds the idempotency key')
      return { id: existing, created: false }
    },
  }
}

/** Explicit casts spare both drivers from guessing array and binary parameter types. */
function castFor(value: ColumnValue): string {
  if (Array.isArray(value)) return '::text[]'
  if (value instanceof Uint8Array) return '::bytea'
  return ''
}

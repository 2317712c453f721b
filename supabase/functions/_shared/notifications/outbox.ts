/**
 * The notifications table as a work queue, over the same minimal SQL client as
 * the store, so PGlite and postgres.js run the same statements.
 *
 * Claiming a row counts the attempt and schedules the next one in the same
 * statement: if the sender dies mid-attempt (SIGKILL, an edge function's wall
 * clock), the row is simply due again after its back-off, and the receiver sees
 * at most one more delivery with the same idempotency key. Concurrent
 * deliverers skip rows another one has locked.
 *
 * Times come from the caller's clock, so tests move time forward instead of waiting.
 */
import type { SqlClient } from '../store.ts'
import type { ChannelName } from './config.ts'
import type { NotificationPayload } from './payload.ts'

/** Back-off after the first failed attempt; it doubles up to the cap (the claim statement computes it). */
const RETRY_FIRST_DELAY_MS = 60_000
export const RETRY_MAX_DELAY_MS = 60 * 60_000
/** A notification is retried for this long after its first attempt, then marked dead (and kept). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000

export interface ClaimedNotification {
  id: string
  channel: ChannelName
  payload: NotificationPayload
  /** Including the one just claimed. */
  attempts: number
}

export interface NotificationStatus {
  id: string
  recordKind: string
  recordId: string
  channel: ChannelName
  status: 'pending' | 'delivered' | 'dead'
  attempts: number
  nextAttemptAt: string
  deliveredAt: string | null
  lastError: string | null
}

const at = (ms: number) => new Date(ms).toISOString()

export function createOutbox(client: SqlClient) {
  return {
    /** Claims up to `limit` due rows, or a new record's untried rows, counting the attempt. */
    async claimDue(now: number, limit: number, recordId?: string): Promise<ClaimedNotification[]> {
      const params: unknown[] = [at(now), limit, RETRY_FIRST_DELAY_MS / 1000, RETRY_MAX_DELAY_MS / 1000]
      let due = 'next_attempt_at <= $1::timestamptz'
      if (recordId !== undefined) {
        params.push(recordId)
        // The first attempt right after the insert: never tried yet, whatever the database's clock says.
        due = 'attempts = 0 and record_id = $5::uuid'
      }
      const rows = await client.query<{ id: string; channel: ChannelName; payload: unknown; attempts: number }>(
        `update notifications n set
           attempts = n.attempts + 1,
           claimed_at = $1::timestamptz,
           last_attempt_at = $1::timestamptz,
           first_attempt_at = coalesce(n.first_attempt_at, $1::timestamptz),
           next_attempt_at = $1::timestamptz
             + make_interval(secs => least($4::float8, $3::float8 * power(2, least(n.attempts, 30))))
         where n.id in (
           select id from notifications
           where status = 'pending' and ${due}
           order by next_attempt_at
           limit $2
           for update skip locked
         )
         returning n.id::text as id, n.channel, n.payload, n.attempts`,
        params,
      )
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        // postgres.js may hand jsonb back as text when the statement is not prepared.
        payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as NotificationPayload,
        attempts: Number(row.attempts),
      }))
    },

    async markDelivered(id: string, now: number): Promise<void> {
      await client.query(
        `update notifications set status = 'delivered', delivered_at = $2::timestamptz, claimed_at = null, last_error = null
         where id = $1::uuid`,
        [id, at(now)],
      )
    },

    /** Records the failure; the next attempt is already scheduled, unless the row has been retried long enough. */
    async markFailed(id: string, now: number, error: string): Promise<'pending' | 'dead'> {
      const rows = await client.query<{ status: 'pending' | 'dead' }>(
        `update notifications set
           claimed_at = null,
           last_error = $3,
           status = case when $2::timestamptz >= first_attempt_at + make_interval(secs => $4::float8)
                         then 'dead' else 'pending' end
         where id = $1::uuid and status = 'pending'
         returning status`,
        [id, at(now), error.slice(0, 500), GIVE_UP_AFTER_MS / 1000],
      )
      return rows[0]?.status ?? 'pending'
    },

    /**
     * Makes rows left mid-attempt by a dead process due now. Only for a process that owns
     * the database alone (the local backend holds its data directory's lock): elsewhere
     * another deliverer's attempt may still be in flight.
     */
    async releaseClaims(now: number): Promise<number> {
      const rows = await client.query(
        `update notifications set claimed_at = null, next_attempt_at = $1::timestamptz
         where status = 'pending' and claimed_at is not null
         returning id`,
        [at(now)],
      )
      return rows.length
    },

    /** Puts dead rows back in the queue for another full retry period. */
    async retryDead(now: number): Promise<number> {
      const rows = await client.query(
        `update notifications set status = 'pending', next_attempt_at = $1::timestamptz, first_attempt_at = null
         where status = 'dead'
         returning id`,
        [at(now)],
      )
      return rows.length
    },

    async list(): Promise<NotificationStatus[]> {
      const rows = await client.query<Record<string, unknown>>(
        `select id::text as id, record_kind, record_id::text as record_id, channel, status, attempts,
                next_attempt_at, delivered_at, last_error
         from notifications order by created_at, channel`,
      )
      return rows.map((row) => ({
        id: String(row.id),
        recordKind: String(row.record_kind),
        recordId: String(row.record_id),
        channel: row.channel as ChannelName,
        status: row.status as NotificationStatus['status'],
        attempts: Number(row.attempts),
        nextAttemptAt: isoOf(row.next_attempt_at) ?? '',
        deliveredAt: isoOf(row.delivered_at),
        lastError: (row.last_error as string | null) ?? null,
      }))
    },
  }
}

function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()
}

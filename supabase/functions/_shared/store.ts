/**
 * Storage of submissions over a minimal SQL client, so PGlite (local, tests)
 * and postgres.js (Supabase) run the very same statements.
 *
 * Idempotency follows Stripe's model. Every row keeps its key and the hash of
 * the body it was sent with, so a repeat gets the first answer and another
 * body under the same key is told apart. A request with a side effect outside
 * its own insert (a résumé upload to the storage bucket) first claims its key
 * in idempotency_keys and only then uploads. The unique idempotency_key of
 * each table stays the last word: of two inserts under one key only one can
 * win, and the loser reads the winner's id and hash back.
 */
import type { FormPurpose, FormRegistry } from '../../../common/forms/define.ts'
import type { ChannelName } from './notifications/config.ts'
import type { PendingPayload } from './notifications/payload.ts'

export interface SqlClient {
  query<Row extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<Row[]>
}

export type ColumnValue = string | number | boolean | null | readonly string[] | Uint8Array

/** Column name (snake_case) to value; must include idempotency_key. */
export type StoredRow = Readonly<Record<string, ColumnValue>>

/** What is known about a submission key. */
export type KeyState =
  /** This request now holds the key (a new claim, or one abandoned past its lease). */
  | { state: 'claimed' }
  /** A submission (or a quarantined honeypot hit) is stored under the key. */
  | { state: 'stored'; id: string }
  /** The key was first used with another body. */
  | { state: 'mismatch' }
  /** Another request holds the key right now. */
  | { state: 'busy' }

export interface KeyClaim {
  kind: string
  key: string
  /** SHA-256 of the normalised fields and the résumé bytes. */
  requestHash: string
  now: Date
  /** A claim held longer than this is taken to be abandoned (its request died). */
  leaseMs: number
}

export interface SubmissionStore {
  /** The key's state without claiming it: null when the key is unused. */
  peekKey(claim: KeyClaim): Promise<Exclude<KeyState, { state: 'claimed' }> | null>
  /** Claims the key before any side effect; anything but `claimed` means: do nothing. */
  claimKey(claim: KeyClaim): Promise<KeyState>
  /** Marks the claim done with the id stored under it. */
  completeKey(kind: string, key: string, id: string): Promise<void>
  /** Gives an unfinished claim up, so a retry can proceed. */
  releaseKey(kind: string, key: string): Promise<void>
  /**
   * Forgets claims first used, and rate-limit windows started, before `before`;
   * the submissions keep their key and hash.
   */
  pruneDayOld(before: Date): Promise<void>
  /** Counts one hit in the fixed window starting at `windowStart`; returns the hits so far. */
  countHit(scope: string, subjectHash: string, windowStart: Date): Promise<number>
  /**
   * Stores the row unless its key exists; either way returns the id stored under the key,
   * and the request hash stored with it (null for rows older than request hashes).
   * With `notify`, the same statement queues one notification per channel (transactional outbox).
   */
  insert(
    kind: string,
    row: StoredRow,
    notify?: NotifyOnInsert,
  ): Promise<{ id: string; created: boolean; requestHash?: string | null }>
  /** Keeps a honeypot hit apart from real submissions; like insert, returns what is stored under the key. */
  quarantine(
    kind: string,
    entry: { idempotencyKey: string; requestHash: string; ipHash: string; fields: Record<string, unknown> },
  ): Promise<{ id: string; created: boolean; requestHash: string }>
}

export interface NotifyOnInsert {
  channels: readonly ChannelName[]
  payload: PendingPayload
}

/** The notifications column that references a record, by what the form's records count as. */
const NOTIFICATION_RECORD_COLUMNS: Record<FormPurpose, string> = {
  lead: 'lead_id',
  application: 'application_id',
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/

/** Where a form's records go: its table, and the notifications column that references them. */
interface RecordPlace {
  table: string
  notificationColumn: string
}

/** Each form's table, from the registry; a kind the registry does not have is refused. */
function recordPlaces(forms: FormRegistry): (kind: string) => RecordPlace {
  return (kind) => {
    const form = Object.hasOwn(forms, kind) ? forms[kind] : undefined
    if (!form) throw new Error(`Unknown form kind ${JSON.stringify(kind)}`)
    if (!IDENTIFIER.test(form.table)) throw new Error(`Refusing table name ${JSON.stringify(form.table)}`)
    return { table: form.table, notificationColumn: NOTIFICATION_RECORD_COLUMNS[form.counts] }
  }
}

type StoredUnder = (kind: string, key: string) => Promise<{ id: string; requestHash: string | null } | null>

export function createSqlStore(client: SqlClient, forms: FormRegistry): SubmissionStore {
  const placeOf = recordPlaces(forms)
  const storedUnder: StoredUnder = async (kind, key) => {
    const rows = await client.query<{ id: string; request_hash: string | null }>(
      `select id::text as id, request_hash from ${placeOf(kind).table} where idempotency_key = $1::uuid
       union all
       select id::text, request_hash from quarantined_submissions where scope = $2 and idempotency_key = $1::uuid`,
      [key, kind],
    )
    return rows[0] ? { id: rows[0].id, requestHash: rows[0].request_hash } : null
  }
  return {
    ...keyClaims(client, placeOf, storedUnder),
    ...housekeeping(client),
    insert: (kind, row, notify) => insertRecord(client, placeOf(kind), storedUnder, kind, row, notify),
    quarantine: (kind, entry) => quarantine(client, storedUnder, kind, entry),
  }
}

/** The submission keys: read, claimed before an upload, completed or released (idempotency_keys). */
function keyClaims(
  client: SqlClient,
  placeOf: (kind: string) => RecordPlace,
  storedUnder: StoredUnder,
): Pick<SubmissionStore, 'peekKey' | 'claimKey' | 'completeKey' | 'releaseKey'> {
  async function peekKey(claim: KeyClaim): Promise<Exclude<KeyState, { state: 'claimed' }> | null> {
    // One round trip: a stored row (submission or honeypot hit) decides; else an open claim.
    const rows = await client.query<{ id: string | null; request_hash: string | null }>(
      `select id::text as id, request_hash from ${placeOf(claim.kind).table} where idempotency_key = $1::uuid
       union all
       select id::text, request_hash from quarantined_submissions where scope = $2 and idempotency_key = $1::uuid
       union all
       select null, request_hash from idempotency_keys where scope = $2 and key = $1::uuid and submission_id is null`,
      [claim.key, claim.kind],
    )
    const stored = rows.find((row) => row.id !== null)
    if (stored) {
      // Rows older than request hashes have none: their first answer is all that is known.
      return stored.request_hash === null || stored.request_hash === claim.requestHash
        ? { state: 'stored', id: stored.id as string }
        : { state: 'mismatch' }
    }
    if (rows.length === 0) return null
    return rows[0].request_hash === claim.requestHash ? { state: 'busy' } : { state: 'mismatch' }
  }

  const completeKey = async (kind: string, key: string, id: string) => {
    await client.query(
      'update idempotency_keys set submission_id = $3::uuid, locked_at = null where scope = $1 and key = $2::uuid',
      [kind, key, id],
    )
  }

  /** A fresh claim's key may still name a row stored before claims existed (or whose claim was pruned). */
  async function claimedOrStored(claim: KeyClaim): Promise<KeyState> {
    const stored = await storedUnder(claim.kind, claim.key)
    if (stored === null) return { state: 'claimed' }
    await completeKey(claim.kind, claim.key, stored.id)
    return stored.requestHash === null || stored.requestHash === claim.requestHash
      ? { state: 'stored', id: stored.id }
      : { state: 'mismatch' }
  }

  /** Takes over a claim whose request died; the compare-and-set lets only one taker win. */
  async function takeOverAbandoned(claim: KeyClaim): Promise<KeyState> {
    const cutoff = new Date(claim.now.getTime() - claim.leaseMs).toISOString()
    const taken = await client.query(
      `update idempotency_keys set locked_at = $3::timestamptz
       where scope = $1 and key = $2::uuid and submission_id is null
         and (locked_at is null or locked_at < $4::timestamptz)
       returning key`,
      [claim.kind, claim.key, claim.now.toISOString(), cutoff],
    )
    return taken.length > 0 ? { state: 'claimed' } : { state: 'busy' }
  }

  return {
    peekKey,
    async claimKey(claim) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const inserted = await client.query(
          `insert into idempotency_keys (scope, key, request_hash, first_used_at, locked_at)
           values ($1, $2::uuid, $3, $4::timestamptz, $4::timestamptz)
           on conflict (scope, key) do nothing
           returning key`,
          [claim.kind, claim.key, claim.requestHash, claim.now.toISOString()],
        )
        if (inserted.length > 0) return claimedOrStored(claim)
        const known = await peekKey(claim)
        if (known === null) continue // released between the two statements: claim again
        if (known.state !== 'busy') return known
        return takeOverAbandoned(claim)
      }
      return { state: 'busy' }
    },
    completeKey,
    async releaseKey(kind, key) {
      await client.query('delete from idempotency_keys where scope = $1 and key = $2::uuid and submission_id is null', [
        kind,
        key,
      ])
    },
  }
}

/** The rate limits' counters, and forgetting claims and windows once a day old. */
function housekeeping(client: SqlClient): Pick<SubmissionStore, 'pruneDayOld' | 'countHit'> {
  return {
    async pruneDayOld(before) {
      await client.query('delete from idempotency_keys where first_used_at < $1::timestamptz', [before.toISOString()])
      await client.query('delete from submission_rate_limits where window_start < $1::timestamptz', [
        before.toISOString(),
      ])
    },
    async countHit(scope, subjectHash, windowStart) {
      const rows = await client.query<{ hits: number }>(
        `insert into submission_rate_limits as r (scope, subject_hash, window_start, hits)
         values ($1, $2, $3::timestamptz, 1)
         on conflict (scope, subject_hash, window_start) do update set hits = r.hits + 1
         returning r.hits`,
        [scope, subjectHash, windowStart.toISOString()],
      )
      return Number(rows[0]?.hits ?? 1)
    },
  }
}

/** Stores a record with its form's kind, and with its notifications when there are channels. */
async function insertRecord(
  client: SqlClient,
  place: RecordPlace,
  storedUnder: StoredUnder,
  kind: string,
  fields: StoredRow,
  notify: NotifyOnInsert | undefined,
): Promise<{ id: string; created: boolean; requestHash?: string | null }> {
  const row: StoredRow = { ...fields, form: kind }
  const columns = Object.keys(row)
  for (const column of columns) {
    // Column names come from schema property names; never let anything else into the SQL text.
    if (!IDENTIFIER.test(column)) throw new Error(`Refusing column name ${JSON.stringify(column)}`)
  }
  const values = columns.map((column) => row[column])
  const placeholders = values.map((value, i) => `$${i + 1}${castFor(value)}`)
  const insert = `insert into ${place.table} (${columns.join(', ')})
     values (${placeholders.join(', ')})
     on conflict (idempotency_key) do nothing`
  const inserted =
    notify && notify.channels.length > 0
      ? await client.query<{ id: string }>(withNotifications(place, insert, values.length), [
          ...values,
          [...notify.channels],
          // The object itself: both drivers serialise a jsonb parameter, and a string would be encoded twice.
          notify.payload,
        ])
      : await client.query<{ id: string }>(`${insert} returning id::text as id`, values)
  if (inserted[0]) return { id: inserted[0].id, created: true }
  const key = row.idempotency_key
  const existing = typeof key === 'string' ? await storedUnder(kind, key) : null
  if (existing === null) throw new Error('Insert conflicted but no row holds the idempotency key')
  return { id: existing.id, created: false, requestHash: existing.requestHash }
}

/** Keeps a honeypot hit apart from the records, under its form's kind. */
async function quarantine(
  client: SqlClient,
  storedUnder: StoredUnder,
  kind: string,
  entry: { idempotencyKey: string; requestHash: string; ipHash: string; fields: Record<string, unknown> },
): Promise<{ id: string; created: boolean; requestHash: string }> {
  const inserted = await client.query<{ id: string }>(
    `insert into quarantined_submissions (scope, idempotency_key, request_hash, ip_hash, fields)
     values ($1, $2::uuid, $3, $4, $5::jsonb)
     on conflict (scope, idempotency_key) do nothing
     returning id::text as id`,
    // The object itself, as for the notifications' payload: postgres.js serialises a jsonb
    // parameter, so a string would be stored as a JSON string, not as the fields.
    [kind, entry.idempotencyKey, entry.requestHash, entry.ipHash, entry.fields],
  )
  if (inserted[0]) return { id: inserted[0].id, created: true, requestHash: entry.requestHash }
  const existing = await storedUnder(kind, entry.idempotencyKey)
  if (existing === null) throw new Error('Insert conflicted but no row holds the idempotency key')
  return { id: existing.id, created: false, requestHash: existing.requestHash ?? entry.requestHash }
}

/**
 * One statement, hence one transaction, on both drivers: the record and its notification
 * rows are stored together or not at all, and a repeat (conflict) queues nothing.
 */
function withNotifications(place: RecordPlace, insert: string, valueCount: number): string {
  const [channels, payload] = [valueCount + 1, valueCount + 2]
  return `with inserted as (${insert} returning id, created_at),
    queued as (
      insert into notifications (${place.notificationColumn}, channel, payload)
      select i.id, c.channel,
             $${payload}::jsonb || jsonb_build_object('recordId', i.id::text, 'submittedAt', i.created_at)
      from inserted i cross join unnest($${channels}::text[]) as c(channel)
    )
    select id::text as id from inserted`
}

/** Explicit casts spare both drivers from guessing array and binary parameter types. */
function castFor(value: ColumnValue): string {
  if (Array.isArray(value)) return '::text[]'
  if (value instanceof Uint8Array) return '::bytea'
  return ''
}

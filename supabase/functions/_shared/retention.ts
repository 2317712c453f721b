/**
 * Data lifecycle: applications (with their résumés) and leads are deleted once
 * older than their retention period, whichever form they came from (each form's
 * definition says what its records count as); honeypot hits, idempotency claims and
 * rate-limit counters sooner. Run by `npm run retention` and the local server
 * over PGlite, and nightly on Supabase by pg_cron through the purge-expired
 * function: the same statements either way.
 */

import type { FormRegistry } from '../../../common/forms/define.ts'
import type { Env } from './config.ts'
import { positiveDays } from './config.ts'
import { recordTables } from './record.ts'
import type { SqlClient } from './store.ts'

export interface RetentionPeriods {
  applicationDays: number
  leadDays: number
  quarantineDays: number
  /** Raw measurement events (measure_events). */
  measureEventDays: number
  /** Daily measurement aggregates (measure_daily). */
  measureAggregateMonths: number
}

/**
 * 365 days for applications: the US federal minimum for keeping employment
 * applications (29 CFR 1602.14). Leads default to two years, honeypot hits to 30 days.
 */
export function readRetention(env: Env): RetentionPeriods {
  return {
    applicationDays: positiveDays(env.RETENTION_APPLICATION_DAYS, 'RETENTION_APPLICATION_DAYS', 365),
    leadDays: positiveDays(env.RETENTION_LEAD_DAYS, 'RETENTION_LEAD_DAYS', 730),
    quarantineDays: positiveDays(env.RETENTION_QUARANTINE_DAYS, 'RETENTION_QUARANTINE_DAYS', 30),
    measureEventDays: positiveDays(env.RETENTION_MEASURE_EVENT_DAYS, 'RETENTION_MEASURE_EVENT_DAYS', 30),
    measureAggregateMonths: positiveMonths(env.RETENTION_MEASURE_AGGREGATE_MONTHS, 25),
  }
}

function positiveMonths(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 1) {
    throw new Error('RETENTION_MEASURE_AGGREGATE_MONTHS must be a whole number of months (1 or more)')
  }
  return parsed
}

export interface PurgeOptions {
  client: SqlClient
  periods: RetentionPeriods
  /** The site's forms: each table's records are kept for the period of what they count as. */
  forms: FormRegistry
  now: Date
  /** Deletes résumé objects by their resume_path ("resumes/<name>"); the local backend keeps bytes in the row. */
  removeResumes?: (paths: string[]) => Promise<void>
}

export interface PurgeCounts {
  applications: number
  resumeFiles: number
  leads: number
  quarantined: number
  idempotencyKeys: number
  rateLimitWindows: number
  measureEvents: number
  measureAggregates: number
}

const DAY_MS = 24 * 60 * 60 * 1000
/** Records with files are deleted in batches so one run never holds a huge list of paths. */
const BATCH = 500

export async function purgeExpired(options: PurgeOptions): Promise<PurgeCounts> {
  const { client, periods, now } = options
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()
  const counts: PurgeCounts = {
    applications: 0,
    resumeFiles: 0,
    leads: 0,
    quarantined: 0,
    idempotencyKeys: 0,
    rateLimitWindows: 0,
    measureEvents: 0,
    measureAggregates: 0,
  }
  for (const { table, counts: purpose, files } of recordTables(options.forms)) {
    const cutoff = before(purpose === 'lead' ? periods.leadDays : periods.applicationDays)
    const deleted = files
      ? await purgeRecordsWithFiles(options, table, cutoff, counts)
      : (await client.query(`delete from ${table} where created_at < $1::timestamptz returning id`, [cutoff])).length
    if (purpose === 'lead') counts.leads += deleted
    else counts.applications += deleted
  }
  const deleted = async (sql: string, params: unknown[]) => (await client.query(sql, params)).length
  counts.quarantined = await deleted(
    'delete from quarantined_submissions where created_at < $1::timestamptz returning id',
    [before(periods.quarantineDays)],
  )
  counts.idempotencyKeys = await deleted(
    'delete from idempotency_keys where first_used_at < $1::timestamptz returning key',
    [before(1)],
  )
  counts.rateLimitWindows = await deleted(
    'delete from submission_rate_limits where window_start < $1::timestamptz returning scope',
    [before(1)],
  )
  Object.assign(counts, await purgeMeasurement(client, periods, now))
  return counts
}

/** Records whose files live elsewhere (the bucket): the files first, then the rows, in batches. */
async function purgeRecordsWithFiles(
  { client, removeResumes }: PurgeOptions,
  table: string,
  cutoff: string,
  counts: PurgeCounts,
): Promise<number> {
  let total = 0
  for (;;) {
    const expired = await client.query<{ id: string; resume_path: string | null }>(
      `select id::text as id, resume_path from ${table} where created_at < $1::timestamptz
       order by created_at limit ${BATCH}`,
      [cutoff],
    )
    if (expired.length === 0) break
    // Files first: a failure then leaves rows that the next run retries, never files nobody can find.
    const paths = expired.map((row) => row.resume_path).filter((path): path is string => path !== null)
    if (paths.length > 0) {
      if (!removeResumes) throw new Error('Records with stored résumé files need a way to delete them')
      await removeResumes(paths)
      counts.resumeFiles += paths.length
    }
    const deleted = await client.query(`delete from ${table} where id = any($1::uuid[]) returning id`, [
      expired.map((row) => row.id),
    ])
    total += deleted.length
    if (expired.length < BATCH) break
  }
  return total
}

/** Raw events by their day (all an event has of time); daily aggregates, which outlive them, by month. */
async function purgeMeasurement(
  client: SqlClient,
  periods: RetentionPeriods,
  now: Date,
): Promise<Pick<PurgeCounts, 'measureEvents' | 'measureAggregates'>> {
  const eventsBefore = new Date(now.getTime() - periods.measureEventDays * DAY_MS).toISOString().slice(0, 10)
  const events = await client.query<{ n: number }>(
    'with gone as (delete from measure_events where day < $1::date returning 1) select count(*)::int as n from gone',
    [eventsBefore],
  )
  const aggregates = await client.query<{ n: number }>(
    `with gone as (delete from measure_daily where day < ($1::timestamptz - make_interval(months => $2::int))::date
     returning 1) select count(*)::int as n from gone`,
    [now.toISOString(), periods.measureAggregateMonths],
  )
  return { measureEvents: events[0].n, measureAggregates: aggregates[0].n }
}

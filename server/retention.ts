/**
 * The retention job on the local backend's PGlite database: `npm run retention`
 * runs it once; a running backend runs it a minute after start and then daily.
 */
import type { PGlite } from '@electric-sql/pglite'
import type { FormRegistry } from '../common/forms/define.ts'
import { summarise } from '../supabase/functions/_shared/db-errors.ts'
import { type PurgeCounts, purgeExpired, readRetention } from '../supabase/functions/_shared/retention.ts'
import { pgliteClient } from './local-database.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const FIRST_RUN_DELAY_MS = 60 * 1000

/** Résumé bytes live in the rows locally, so deleting an application deletes its résumé. */
export function purgeLocal(
  db: PGlite,
  forms: FormRegistry,
  env: Readonly<Record<string, string | undefined>>,
  now: Date = new Date(),
): Promise<PurgeCounts> {
  return purgeExpired({ client: pgliteClient(db), periods: readRetention(env), forms, now })
}

/**
 * Runs the job (`purge`, the running backend's) a minute after start (not competing with it)
 * and daily after; the timers never keep the process alive.
 */
export function scheduleRetention(purge: () => Promise<unknown>): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve()
  let daily: ReturnType<typeof setInterval> | undefined
  const run = () => {
    running = purge().catch((error: unknown) => console.error('[retention] failed', summarise(error)))
  }
  const first = setTimeout(() => {
    run()
    daily = setInterval(run, DAY_MS)
    daily.unref()
  }, FIRST_RUN_DELAY_MS)
  first.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(daily)
      await running // the database must not close under a running purge
    },
  }
}

const HOUR_MS = 60 * 60 * 1000

/**
 * The measurement's hourly rollup (raw events into daily aggregates), as pg_cron runs it hosted:
 * a minute after start, then every hour; the timers never keep the process alive.
 */
export function scheduleRollup(db: PGlite): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve()
  let hourly: ReturnType<typeof setInterval> | undefined
  const run = () => {
    running = db.query('select measure_rollup()').catch((error: unknown) => {
      console.error('[measure] rollup failed', summarise(error))
    })
  }
  const first = setTimeout(() => {
    run()
    hourly = setInterval(run, HOUR_MS)
    hourly.unref()
  }, FIRST_RUN_DELAY_MS)
  first.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(hourly)
      await running
    },
  }
}

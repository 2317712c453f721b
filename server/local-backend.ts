/**
 * The Supabase functions, run locally in Node over PGlite: the same wiring
 * (supabase/functions/_shared/backend.ts) and handlers, the same migrations, the
 * same routes (/functions/v1/<name>) as the hosted project, for the site's forms (its
 * forms/registry.ts, which the caller hands over).
 *
 * Durability: PGlite's Node filesystem writes straight to files in dataDir, and
 * with relaxedDurability off every query waits for its sync before resolving,
 * so a submission is on disk (in the OS page cache, which survives the process
 * being killed) before its 2xx answer is sent.
 *
 * Concurrency: PGlite is one connection and queues queries itself; every store
 * step is a single autocommit statement and idempotency rests on the unique
 * key, so concurrent requests interleave safely without an extra lock.
 */
import type { PGlite } from '@electric-sql/pglite'
import type { FormRegistry } from '../common/forms/define.ts'
import { checkSettings, wireBackend } from '../supabase/functions/_shared/backend.ts'
import type { SitePages } from '../supabase/functions/_shared/measurement/collect.ts'
import type { ChannelName } from '../supabase/functions/_shared/notifications/config.ts'
import type { DeliveryReport } from '../supabase/functions/_shared/notifications/deliverer.ts'
import { createOutbox } from '../supabase/functions/_shared/notifications/outbox.ts'
import { inlineResumeStorage } from '../supabase/functions/_shared/resume-storage.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { openLocalDatabase, pgliteClient } from './local-database.ts'
import { runMigrations } from './migrate.ts'
import { scheduleRetention, scheduleRollup } from './retention.ts'
import { loadSiteForms } from './site-forms.ts'
import { pagesOfFolder } from './site-pages.ts'

export interface LocalBackendOptions {
  /** PGlite data directory (e.g. ".data/pglite"), or "memory://" for a throwaway database. */
  dataDir: string
  env?: Record<string, string | undefined>
  /** Clock of the notification deliverer (tests move it forward instead of waiting). */
  now?: () => number
  /** How often due notifications are swept; 0 leaves sweeping to the caller (tests). */
  notifySweepMs?: number
  /** The site's forms (its forms/registry.ts: loadSiteForms); default those of the site in the working directory. */
  forms?: FormRegistry
  /** The site's pages, for the collect function (default: pages/ and site.yaml under the working directory). */
  pages?: SitePages
  /**
   * A dump of a PGlite data folder (PGlite's dumpDataDir) to start a new database from, rather than
   * creating one: the unit tests start each throwaway database from one migrated once per run.
   */
  startFrom?: Blob
}

export interface LocalBackend {
  handle(req: Request, clientIp?: string): Promise<Response>
  close(): Promise<void>
  db: PGlite
  notifications: {
    channels: readonly ChannelName[]
    /** One line for start-up output: where notifications go, or that they are off. */
    summary: string
    /** Attempts every due notification now. */
    deliverDue(): Promise<DeliveryReport>
    /** Resolves once no delivery attempt is in flight. */
    settled(): Promise<void>
  }
}

/** Retries start a minute apart, so a sweep every 15 s sends each one close to when it falls due. */
const DEFAULT_NOTIFY_SWEEP_MS = 15_000

export const LOCAL_DEFAULT_ENV: Readonly<Record<string, string>> = {
  // Any port on the loopback names: vite dev, preview and the site server differ.
  ALLOWED_ORIGINS: 'http://localhost:*,http://127.0.0.1:*',
  // Per process, so no known salt makes the stored hashes guessable; a server
  // reachable from other machines must set its own (server/exposure.ts).
  IP_HASH_SALT: crypto.randomUUID(),
}

const ROUTE = /^\/functions\/v1\/([a-z0-9-]+)$/

export async function createLocalBackend(opts: LocalBackendOptions): Promise<LocalBackend> {
  const env = { ...LOCAL_DEFAULT_ENV, ...stripUndefined(opts.env ?? {}) }
  // A bad setting (TRUST_PROXY, a retention period, the time zone) fails here, before anything is
  // opened or locked. A channel set up halfway does not: its notifications wait for the fix.
  checkSettings(env)
  const now = opts.now ?? Date.now
  const forms = opts.forms ?? (await loadSiteForms(process.cwd())).forms
  const { db, lock } = await openData(opts)
  const client = pgliteClient(db)
  const backend = wireBackend({
    client,
    env,
    forms,
    resumes: () => inlineResumeStorage,
    pages: () => opts.pages ?? pagesOfFolder(),
    now,
  })
  const { channels, summary, deliverer } = backend.notifications
  // This process holds the directory's lock, so an attempt left claimed was cut off by a dead
  // process: it is due now rather than after its back-off.
  if (channels.length > 0) await createOutbox(client).releaseClaims(now())
  const retention = scheduleRetention(() => backend.purge(new Date()))
  const rollup = scheduleRollup(db)
  const sweep = sweepEvery(channels.length > 0 ? (opts.notifySweepMs ?? DEFAULT_NOTIFY_SWEEP_MS) : 0, () =>
    deliverer.deliverDue(),
  )

  return {
    db,
    notifications: {
      channels,
      summary,
      deliverDue: () => deliverer.deliverDue(),
      settled: () => deliverer.settled(),
    },
    async handle(req, clientIp) {
      const name = ROUTE.exec(new URL(req.url).pathname.replace(/\/+$/, ''))?.[1]
      const handler = name === undefined ? undefined : backend.handler(name)
      if (handler === undefined) {
        return new Response(JSON.stringify({ error: 'Not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      }
      return handler(req, clientIp)
    },
    async close() {
      sweep.stop()
      await retention.stop()
      await rollup.stop()
      try {
        await deliverer.stop()
        if (!db.closed) await db.close()
      } finally {
        lock?.release()
      }
    },
  }
}

/** The data directory locked for this process, and its database opened and migrated. */
async function openData(opts: LocalBackendOptions): Promise<{ db: PGlite; lock: { release(): void } | null }> {
  const lock = opts.dataDir.startsWith('memory://') ? null : lockDataDir(opts.dataDir)
  try {
    const db = await openLocalDatabase(opts.dataDir, {
      relaxedDurability: false,
      ...(opts.startFrom ? { loadDataDir: opts.startFrom } : {}),
    })
    await runMigrations(db)
    return { db, lock }
  } catch (error) {
    lock?.release()
    throw error
  }
}

/** Sweeps at once (what was due while nothing ran), then every `ms`; 0 leaves sweeping to the caller. */
function sweepEvery(ms: number, sweep: () => Promise<unknown>): { stop(): void } {
  if (ms <= 0) return { stop() {} }
  // A slow receiver must not pile sweeps up behind each other.
  let inFlight = false
  const tick = () => {
    if (inFlight) return
    inFlight = true
    void sweep().finally(() => {
      inFlight = false
    })
  }
  tick()
  const timer = setInterval(tick, ms)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}

function stripUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as Record<string, string>
}

/**
 * The Supabase functions, run locally in Node over PGlite: same handler, same
 * migrations, same routes (/functions/v1/<name>) as the hosted project.
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
import { FORM_KINDS, FORMS, type FormKind } from '../forms/registry.ts'
import { readConfig } from '../supabase/functions/_shared/config.ts'
import { createFormEndpoint } from '../supabase/functions/_shared/form-post.ts'
import type { SubmitHandler } from '../supabase/functions/_shared/handler.ts'
import { createCollectHandler, type SitePages } from '../supabase/functions/_shared/measurement/collect.ts'
import { createResultsEndpoint } from '../supabase/functions/_shared/measurement/results-endpoint.ts'
import { createSenders } from '../supabase/functions/_shared/notifications/channels.ts'
import {
  type ChannelName,
  channelNames,
  describeNotifications,
  readNotifyConfig,
} from '../supabase/functions/_shared/notifications/config.ts'
import { createDeliverer, type DeliveryReport } from '../supabase/functions/_shared/notifications/deliverer.ts'
import { createOutbox } from '../supabase/functions/_shared/notifications/outbox.ts'
import { readRetention } from '../supabase/functions/_shared/retention.ts'
import { createSqlStore } from '../supabase/functions/_shared/store.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { openLocalDatabase, pgliteClient } from './local-database.ts'
import { runMigrations } from './migrate.ts'
import { scheduleRetention, scheduleRollup } from './retention.ts'
import { pagesOfFolder } from './site-pages.ts'

export interface LocalBackendOptions {
  /** PGlite data directory (e.g. ".data/pglite"), or "memory://" for a throwaway database. */
  dataDir: string
  env?: Record<string, string | undefined>
  /** Clock of the notification deliverer (tests move it forward instead of waiting). */
  now?: () => number
  /** How often due notifications are swept; 0 leaves sweeping to the caller (tests). */
  notifySweepMs?: number
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
    channels: ChannelName[]
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

const COLLECT_ROUTE = '/functions/v1/collect'
const RESULTS_ROUTE = '/functions/v1/results'
const ROUTES = new Map<string, FormKind>(FORM_KINDS.map((kind) => [`/functions/v1/${FORMS[kind].functionName}`, kind]))

export async function createLocalBackend(opts: LocalBackendOptions): Promise<LocalBackend> {
  const env = { ...LOCAL_DEFAULT_ENV, ...stripUndefined(opts.env ?? {}) }
  // A bad setting (TRUST_PROXY, a retention period, a channel set up halfway) fails here, before
  // anything is opened or locked.
  readConfig(env)
  readRetention(env)
  const notifyConfig = readNotifyConfig(env)
  const channels = channelNames(notifyConfig)
  const now = opts.now ?? Date.now
  const inMemory = opts.dataDir.startsWith('memory://')
  const lock = inMemory ? null : lockDataDir(opts.dataDir)
  let db: PGlite
  try {
    db = await openLocalDatabase(opts.dataDir, {
      relaxedDurability: false,
      ...(opts.startFrom ? { loadDataDir: opts.startFrom } : {}),
    })
    await runMigrations(db)
  } catch (error) {
    lock?.release()
    throw error
  }

  const retention = scheduleRetention(db, env)
  const rollup = scheduleRollup(db)
  const client = pgliteClient(db)
  const store = createSqlStore(client)
  const collect = createCollectHandler({ client, store, env, pages: opts.pages ?? pagesOfFolder(), now })
  const results = createResultsEndpoint({ client, token: env.RESULTS_TOKEN || undefined })
  const deliverer = createDeliverer({ client, senders: createSenders(notifyConfig, { now }), now })
  // This process holds the directory's lock, so an attempt left claimed was cut off by a dead
  // process: it is due now rather than after its back-off.
  if (channels.length > 0) await createOutbox(client).releaseClaims(now())
  const notifyOptions = {
    notifyChannels: channels,
    afterCommit: ({ kind, id }: { kind: FormKind; id: string }) => void deliverer.deliverRecord(kind, id),
  }
  const handlers = Object.fromEntries(
    FORM_KINDS.map((kind) => [kind, createFormEndpoint({ kind, store, env, ...notifyOptions })]),
  ) as Record<FormKind, SubmitHandler>
  const sweepMs = opts.notifySweepMs ?? DEFAULT_NOTIFY_SWEEP_MS
  let sweep: ReturnType<typeof setInterval> | undefined
  let sweepInFlight = false
  if (channels.length > 0 && sweepMs > 0) {
    // A slow receiver must not pile sweeps up behind each other.
    const tick = () => {
      if (sweepInFlight) return
      sweepInFlight = true
      void deliverer.deliverDue().finally(() => {
        sweepInFlight = false
      })
    }
    tick() // what was due while nothing ran
    sweep = setInterval(tick, sweepMs)
    sweep.unref()
  }

  return {
    db,
    notifications: {
      channels,
      summary: describeNotifications(notifyConfig),
      deliverDue: () => deliverer.deliverDue(),
      settled: () => deliverer.settled(),
    },
    async handle(req, clientIp) {
      const path = new URL(req.url).pathname.replace(/\/+$/, '')
      if (path === COLLECT_ROUTE) return collect(req, clientIp)
      if (path === RESULTS_ROUTE) return results(req, clientIp)
      const kind = ROUTES.get(path)
      if (kind === undefined) {
        return new Response(JSON.stringify({ error: 'Not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      }
      return handlers[kind](req, clientIp)
    },
    async close() {
      clearInterval(sweep)
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

function stripUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as Record<string, string>
}

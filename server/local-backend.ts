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
import { PGlite } from '@electric-sql/pglite'
import { FORM_KINDS, FORMS, type FormKind } from '../forms/registry.ts'
import { readConfig } from '../supabase/functions/_shared/config.ts'
import { createFormEndpoint } from '../supabase/functions/_shared/form-post.ts'
import type { SubmitHandler } from '../supabase/functions/_shared/handler.ts'
import { readRetention } from '../supabase/functions/_shared/retention.ts'
import { createSqlStore, type SqlClient } from '../supabase/functions/_shared/store.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { runMigrations } from './migrate.ts'
import { scheduleRetention } from './retention.ts'

export interface LocalBackendOptions {
  /** PGlite data directory (e.g. ".data/pglite"), or "memory://" for a throwaway database. */
  dataDir: string
  env?: Record<string, string | undefined>
}

export interface LocalBackend {
  handle(req: Request, clientIp?: string): Promise<Response>
  close(): Promise<void>
  db: PGlite
}

export const LOCAL_DEFAULT_ENV: Readonly<Record<string, string>> = {
  // Any port on the loopback names: vite dev, preview and the site server differ.
  ALLOWED_ORIGINS: 'http://localhost:*,http://127.0.0.1:*',
  // Per process, so no known salt makes the stored hashes guessable; a server
  // reachable from other machines must set its own (server/exposure.ts).
  IP_HASH_SALT: crypto.randomUUID(),
}

const ROUTES = new Map<string, FormKind>(FORM_KINDS.map((kind) => [`/functions/v1/${FORMS[kind].functionName}`, kind]))

export async function createLocalBackend(opts: LocalBackendOptions): Promise<LocalBackend> {
  const env = { ...LOCAL_DEFAULT_ENV, ...stripUndefined(opts.env ?? {}) }
  // A bad setting (TRUST_PROXY, a retention period) fails here, before anything is opened or locked.
  readConfig(env)
  readRetention(env)
  const inMemory = opts.dataDir.startsWith('memory://')
  const lock = inMemory ? null : lockDataDir(opts.dataDir)
  let db: PGlite
  try {
    db = await PGlite.create(opts.dataDir, { relaxedDurability: false })
    await runMigrations(db)
  } catch (error) {
    lock?.release()
    throw error
  }

  const retention = scheduleRetention(db, env)
  const store = createSqlStore(pgliteClient(db))
  const handlers = Object.fromEntries(
    FORM_KINDS.map((kind) => [kind, createFormEndpoint({ kind, store, env })]),
  ) as Record<FormKind, SubmitHandler>

  return {
    db,
    async handle(req, clientIp) {
      const kind = ROUTES.get(new URL(req.url).pathname.replace(/\/+$/, ''))
      if (kind === undefined) {
        return new Response(JSON.stringify({ error: 'Not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      }
      return handlers[kind](req, clientIp)
    },
    async close() {
      await retention.stop()
      try {
        if (!db.closed) await db.close()
      } finally {
        lock?.release()
      }
    },
  }
}

export function pgliteClient(db: PGlite): SqlClient {
  return {
    async query<Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) {
      return (await db.query<Row>(text, [...params])).rows
    },
  }
}

function stripUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as Record<string, string>
}

/// <reference lib="deno.ns" />
/**
 * Deno entry shared by the two functions: Postgres store over SUPABASE_DB_URL,
 * résumés to the private `resumes` bucket, settings from the function secrets.
 * Deno-only, hence outside _shared (which the Node side type-checks too).
 *
 * A stored record's notifications get their first attempt right after the answer
 * is sent (EdgeRuntime.waitUntil keeps the worker alive for it); whatever fails is
 * retried by the deliver-notifications function, which pg_cron calls every minute.
 */
import { createFormEndpoint } from '../_shared/form-post.ts'
import { createSenders } from '../_shared/notifications/channels.ts'
import { readNotifySetup } from '../_shared/notifications/config.ts'
import { createDeliverer } from '../_shared/notifications/deliverer.ts'
import { createBucketResumeStorage } from '../_shared/resume-storage.ts'
import type { SubmissionKind } from '../_shared/schemas.ts'
import { createSqlStore } from '../_shared/store.ts'
import { createPostgresClient } from './postgres-client.ts'

/** Supabase's edge runtime global; absent under plain `deno run`. */
declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined

export function serveSubmissions(kind: SubmissionKind): void {
  const env: Record<string, string> = {
    // Supabase's gateway sits behind Cloudflare, which sets CF-Connecting-IP to
    // the address that connected to it and overwrites any value a client sent
    // (Cloudflare documents this; Supabase itself documents no client-IP
    // header). The TCP peer seen here is the gateway, the same for everyone.
    // CLIENT_IP_HEADER overrides the header name.
    CLIENT_IP_HEADER: 'cf-connecting-ip',
    ...Deno.env.toObject(),
  }
  const databaseUrl = required(env, 'SUPABASE_DB_URL')
  const client = createPostgresClient(databaseUrl)
  // A channel set up halfway must not cost a lead: its notifications are queued, fail with the
  // problem as their last error, and go out once the secret is fixed.
  const notify = readNotifySetup(env)
  for (const problem of Object.values(notify.problems)) console.error(`[notifications] ${problem}`)
  const deliverer = createDeliverer({ client, senders: createSenders(notify.config, { problems: notify.problems }) })
  const handler = createFormEndpoint({
    kind,
    store: createSqlStore(client),
    env,
    notifyChannels: notify.channels,
    afterCommit: ({ kind, id }) => {
      const attempt = deliverer.deliverRecord(kind, id)
      if (typeof EdgeRuntime !== 'undefined') EdgeRuntime.waitUntil(attempt)
    },
    resumes: createBucketResumeStorage({
      supabaseUrl: required(env, 'SUPABASE_URL'),
      serviceRoleKey: required(env, 'SUPABASE_SERVICE_ROLE_KEY'),
    }),
  })
  Deno.serve((req, info) => {
    const address = info.remoteAddr
    return handler(req, address.transport === 'tcp' ? address.hostname : undefined)
  })
}

export function required(env: Record<string, string>, name: string): string {
  const value = env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

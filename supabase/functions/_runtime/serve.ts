/// <reference lib="deno.ns" />
/**
 * The Deno entry of every function: the backend wired from the hosted parts (Postgres over
 * SUPABASE_DB_URL, résumés in the private `resumes` bucket, the settings from the function
 * secrets) by the one wiring the local backend uses too (_shared/backend.ts), serving the
 * function this process was deployed as. Deno-only, hence outside _shared (which the Node side
 * type-checks too).
 *
 * A stored record's notifications get their first attempt right after the answer is sent
 * (EdgeRuntime.waitUntil keeps the worker alive for it); whatever fails is retried by the
 * deliver-notifications function, which pg_cron calls every minute.
 */
import type { FormRegistry } from '../../../common/forms/define.ts'
import { wireBackend } from '../_shared/backend.ts'
import { pagesFromSite } from '../_shared/measurement/collect.ts'
import { createBucketResumeStorage } from '../_shared/resume-storage.ts'
import { createPostgresClient } from './postgres-client.ts'

/** Supabase's edge runtime global; absent under plain `deno run`. */
declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined

/** What a function cannot run without hosted, besides SUPABASE_DB_URL, checked as it starts. */
const REQUIRED_SECRETS: Readonly<Record<string, readonly string[]>> = {
  // Without a token the results would be answered to loopback callers only, as locally.
  results: ['RESULTS_TOKEN'],
  'deliver-notifications': ['NOTIFY_CRON_SECRET'],
  'purge-expired': ['SUPABASE_SERVICE_ROLE_KEY'],
}

export function serveFunction(name: string, forms: FormRegistry): void {
  const env: Record<string, string> = {
    // Supabase's gateway sits behind Cloudflare, which sets CF-Connecting-IP to
    // the address that connected to it and overwrites any value a client sent
    // (Cloudflare documents this; Supabase itself documents no client-IP
    // header). The TCP peer seen here is the gateway, the same for everyone.
    // CLIENT_IP_HEADER overrides the header name.
    CLIENT_IP_HEADER: 'cf-connecting-ip',
    ...Deno.env.toObject(),
  }
  for (const secret of REQUIRED_SECRETS[name] ?? []) required(env, secret)
  const backend = wireBackend({
    client: createPostgresClient(required(env, 'SUPABASE_DB_URL')),
    env,
    forms,
    resumes: () =>
      createBucketResumeStorage({
        supabaseUrl: required(env, 'SUPABASE_URL'),
        serviceRoleKey: required(env, 'SUPABASE_SERVICE_ROLE_KEY'),
      }),
    // The list of the site's pages the build publishes beside them.
    pages: () =>
      pagesFromSite(env.MEASURE_PAGES_URL || `${required(env, 'SITE_URL').replace(/\/+$/, '')}/_data/_pages.json`),
    keepAlive: (work) => {
      if (typeof EdgeRuntime !== 'undefined') EdgeRuntime.waitUntil(work)
    },
  })
  const handler = backend.handler(name)
  if (!handler) throw new Error(`no function ${name} in this backend (${backend.names.join(', ')})`)
  Deno.serve((req, info) => {
    const address = info.remoteAddr
    return handler(req, address.transport === 'tcp' ? address.hostname : undefined)
  })
}

function required(env: Record<string, string>, name: string): string {
  const value = env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

/// <reference lib="deno.ns" />
/**
 * Deno entry shared by the two functions: Postgres store over SUPABASE_DB_URL,
 * résumés to the private `resumes` bucket, settings from the function secrets.
 * Deno-only, hence outside _shared (which the Node side type-checks too).
 */
import { createFormEndpoint } from '../_shared/form-post.ts'
import { createBucketResumeStorage } from '../_shared/resume-storage.ts'
import type { SubmissionKind } from '../_shared/schemas.ts'
import { createSqlStore } from '../_shared/store.ts'
import { createPostgresClient } from './postgres-client.ts'

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
  const handler = createFormEndpoint({
    kind,
    store: createSqlStore(createPostgresClient(databaseUrl)),
    env,
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

function required(env: Record<string, string>, name: string): string {
  const value = env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

/// <reference lib="deno.ns" />
/**
 * Deno entry of the retention job: pg_cron calls it nightly through pg_net
 * (see the migration that schedules it) with the service-role key, the only
 * credential it accepts.
 */
import { summarise } from '../_shared/db-errors.ts'
import { deleteObjects } from '../_shared/resume-storage.ts'
import { purgeExpired, readRetention } from '../_shared/retention.ts'
import { createPostgresClient } from './postgres-client.ts'

export function servePurge(): void {
  const env = Deno.env.toObject()
  const serviceRoleKey = required(env, 'SUPABASE_SERVICE_ROLE_KEY')
  const objectApi = `${required(env, 'SUPABASE_URL').replace(/\/+$/, '')}/storage/v1/object`
  const client = createPostgresClient(required(env, 'SUPABASE_DB_URL'))
  const periods = readRetention(env)
  const auth = { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey }

  Deno.serve(async (req) => {
    if (req.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
    if (!(await sameSecret(req.headers.get('authorization') ?? '', `Bearer ${serviceRoleKey}`))) {
      return new Response(null, { status: 401 })
    }
    try {
      const counts = await purgeExpired({
        client,
        periods,
        now: new Date(),
        removeResumes: async (paths) => {
          const byBucket = new Map<string, string[]>()
          for (const path of paths) {
            const [bucket, ...name] = path.split('/')
            byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), name.join('/')])
          }
          for (const [bucket, names] of byBucket) await deleteObjects(fetch, objectApi, auth, bucket, names)
        },
      })
      console.log('[purge-expired]', counts)
      return Response.json(counts)
    } catch (error) {
      console.error('[purge-expired] failed', summarise(error))
      return Response.json({ error: 'Internal error' }, { status: 500 })
    }
  })
}

/** Compares digests, so the time taken says nothing about how much of the secret matched. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  const [a, b] = await Promise.all([digest(given), digest(expected)])
  return a.every((byte, i) => byte === b[i])
}

function required(env: Record<string, string>, name: string): string {
  const value = env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

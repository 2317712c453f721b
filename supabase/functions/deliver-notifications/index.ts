/// <reference lib="deno.ns" />
// Sends every due notification (retries with back-off; see _shared/notifications/). pg_cron
// calls it every minute through pg_net (supabase/migrations/*_notifications.sql) with
// `Authorization: Bearer <NOTIFY_CRON_SECRET>`; any other caller gets 401.

import { createPostgresClient } from '../_runtime/postgres-client.ts'
import { required } from '../_runtime/serve.ts'
import { createSenders } from '../_shared/notifications/channels.ts'
import { readNotifySetup } from '../_shared/notifications/config.ts'
import { createDeliverer } from '../_shared/notifications/deliverer.ts'
import { sameSecret } from '../_shared/secret.ts'

const env = Deno.env.toObject()
const cronSecret = required(env, 'NOTIFY_CRON_SECRET')
const notify = readNotifySetup(env)
for (const problem of Object.values(notify.problems)) console.error(`[notifications] ${problem}`)
const deliverer = createDeliverer({
  client: createPostgresClient(required(env, 'SUPABASE_DB_URL')),
  senders: createSenders(notify.config, { problems: notify.problems }),
  // Well inside the edge function's wall-clock limit, and about when pg_cron calls again.
  sweepBudgetMs: 50_000,
})

Deno.serve(async (req) => {
  if (req.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
  if (!(await sameSecret(req.headers.get('authorization') ?? '', `Bearer ${cronSecret}`))) {
    return Response.json({ error: 'Unauthorized' }, { status: 401 })
  }
  const report = await deliverer.deliverDue()
  return Response.json(report)
})

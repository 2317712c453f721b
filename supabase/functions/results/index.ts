/// <reference lib="deno.ns" />
// The measurement's results for `npm run results` with RESULTS_URL and RESULTS_TOKEN: aggregates
// only (see _shared/measurement/results.ts), never a lead's content, to a caller that sends
// `Authorization: Bearer <RESULTS_TOKEN>` (compared in constant time); anyone else gets 401.
import { createPostgresClient } from '../_runtime/postgres-client.ts'
import { required } from '../_runtime/serve.ts'
import type { Channel } from '../_shared/measurement/channel.ts'
import { checkFilter, type ResultsFilter, readResults } from '../_shared/measurement/results.ts'
import { sameSecret } from '../_shared/secret.ts'

const env = Deno.env.toObject()
const token = required(env, 'RESULTS_TOKEN')
const client = createPostgresClient(required(env, 'SUPABASE_DB_URL'))

Deno.serve(async (req) => {
  if (req.method !== 'GET') return new Response(null, { status: 405, headers: { Allow: 'GET' } })
  if (!(await sameSecret(req.headers.get('authorization') ?? '', `Bearer ${token}`))) {
    return Response.json({ error: 'Unauthorized' }, { status: 401 })
  }
  const query = new URL(req.url).searchParams
  const optional = (name: string) => query.get(name) || undefined
  const filter: ResultsFilter = {
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
    locale: optional('locale'),
    channel: optional('channel') as Channel | undefined,
    campaign: optional('campaign'),
  }
  const problem = checkFilter(filter)
  if (problem) return Response.json({ error: problem }, { status: 400 })
  return Response.json(await readResults(client, filter), { headers: { 'cache-control': 'no-store' } })
})

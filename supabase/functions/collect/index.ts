/// <reference lib="deno.ns" />
// Cookieless measurement: takes the counting code's batches of events. See _shared/measurement/collect.ts.
import { createPostgresClient } from '../_runtime/postgres-client.ts'
import { required } from '../_runtime/serve.ts'
import { createCollectHandler, pagesFromSite } from '../_shared/measurement/collect.ts'
import { createSqlStore } from '../_shared/store.ts'

const env: Record<string, string> = { CLIENT_IP_HEADER: 'cf-connecting-ip', ...Deno.env.toObject() }
const client = createPostgresClient(required(env, 'SUPABASE_DB_URL'))
// The list of the site's pages the build publishes beside them.
const pagesUrl = env.MEASURE_PAGES_URL || `${required(env, 'SITE_URL').replace(/\/+$/, '')}/_data/_pages.json`
const handler = createCollectHandler({ client, store: createSqlStore(client), env, pages: pagesFromSite(pagesUrl) })

Deno.serve((req, info) => {
  const address = info.remoteAddr
  return handler(req, address.transport === 'tcp' ? address.hostname : undefined)
})

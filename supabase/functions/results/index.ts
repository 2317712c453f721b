/// <reference lib="deno.ns" />
// The measurement's results for `npm run results` with RESULTS_URL and RESULTS_TOKEN: aggregates
// only, to a caller that sends `Authorization: Bearer <RESULTS_TOKEN>` (compared in constant
// time); anyone else gets 401. See _shared/measurement/results-endpoint.ts.
import { createPostgresClient } from '../_runtime/postgres-client.ts'
import { required } from '../_runtime/serve.ts'
import { createResultsEndpoint } from '../_shared/measurement/results-endpoint.ts'

const env = Deno.env.toObject()
const handler = createResultsEndpoint({
  client: createPostgresClient(required(env, 'SUPABASE_DB_URL')),
  token: required(env, 'RESULTS_TOKEN'),
})

Deno.serve((req) => handler(req))

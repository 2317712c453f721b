// @vitest-environment node
// The hosted schedules for real: the migrations on PostgreSQL 15+ set up as a Supabase project
// (postgres-cluster.ts: its API roles and their default privileges), with pg_cron loaded, Vault's
// secrets set as the README says, and pg_net's net.http_post recording what it would send. The
// nightly retention job and the every-minute notification sweep must be scheduled as intended,
// their commands must call this project's functions with the right secret, and the real
// functions (Deno) must answer that very request as intended. Skipped, saying why, without
// PostgreSQL, Deno or pg_cron (npm test installs pg_cron: scripts/ensure-pg-cron.sh).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { goodLead } from './helpers.ts'
import {
  type Cluster,
  describeWithCron,
  type ServedFunction,
  serveFunction,
  startHostedCluster,
} from './postgres-cluster.ts'
import { type Receiver, startReceiver } from './receiver.ts'

const PROJECT_URL = 'https://test-project.supabase.co'
const SERVICE_ROLE_KEY = 'service-role-key-in-vault'
const CRON_SECRET = 'notify-cron-secret-in-vault'

let cluster: Cluster | undefined
let receiver: Receiver | undefined
let secretsSetAt = ''
const functions = new Map<string, ServedFunction>()

type Call = { method: string; url: string; headers: Record<string, string>; body: unknown; timeout: number }

/** Runs SQL that returns a net.http_post request id, and reads the request it recorded. */
function callMadeBy(sql: string): Call {
  const id = cluster!.psql(sql)
  expect(id).toMatch(/^\d+$/)
  return JSON.parse(
    cluster!.psql(
      `select json_build_object('method', method, 'url', url, 'headers', headers,
        'body', convert_from(body, 'UTF8')::jsonb, 'timeout', timeout_milliseconds)
       from net.http_request_queue where id = ${id}`,
    ),
  ) as Call
}

/** Sends a recorded call to the served function its address names, as pg_net would send it. */
async function send(call: Call): Promise<Response> {
  const { pathname } = new URL(call.url)
  const name = /^\/functions\/v1\/([^/]+)$/.exec(pathname)?.[1]
  const served = name ? functions.get(name) : undefined
  if (!served) throw new Error(`no function serves ${call.url}`)
  return fetch(served.url + pathname, {
    method: call.method,
    headers: call.headers,
    body: JSON.stringify(call.body),
    signal: AbortSignal.timeout(call.timeout),
  })
}

const job = (name: string) =>
  cluster!.psql(
    `select schedule || ' | ' || command || ' | ' || database || ' | ' || active from cron.job where jobname = '${name}'`,
  )

describeWithCron('the hosted schedules on pg_cron', () => {
  beforeAll(async () => {
    cluster = await startHostedCluster()
    cluster.psql(`select vault.create_secret('${PROJECT_URL}', 'project_url');
      select vault.create_secret('${SERVICE_ROLE_KEY}', 'service_role_key');
      select vault.create_secret('${CRON_SECRET}', 'notify_cron_secret');`)
    // A run pg_cron began before the secrets were in Vault (the minute turned between the
    // migrations and the line above) fails for want of the project's URL: not the run looked at.
    secretsSetAt = cluster.psql('select now()')
    receiver = await startReceiver()
    const env = {
      SUPABASE_DB_URL: cluster.url,
      // No résumé is stored here, so storage is never called.
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      NOTIFY_CRON_SECRET: CRON_SECRET,
      NOTIFY_WEBHOOK_URL: `${receiver.url}/hook`,
      NOTIFY_WEBHOOK_SECRET: 'webhook-secret',
    }
    const [purge, deliver] = await Promise.all([
      serveFunction('purge-expired', env),
      serveFunction('deliver-notifications', env),
    ])
    functions.set('purge-expired', purge).set('deliver-notifications', deliver)
  }, 180_000)

  afterAll(async () => {
    for (const served of functions.values()) served.process.kill('SIGTERM')
    await receiver?.close()
    cluster?.stop()
  }, 60_000)

  it('the migrations scheduled both jobs, with their cron expressions, in the database', () => {
    expect(cluster!.psql('select jobname from cron.job order by jobname').split('\n')).toEqual([
      'deliver-notifications',
      'measure-rollup',
      'purge-expired-submissions',
    ])
    // Nightly at 03:17 UTC; every minute.
    expect(job('purge-expired-submissions')).toMatch(/^17 3 \* \* \* \| [\s\S]+ \| postgres \| true$/)
    expect(job('deliver-notifications')).toBe(
      '* * * * * | select public.request_notification_sweep() | postgres | true',
    )
  })

  it("the retention job's command posts to purge-expired with the service-role key, which purges", async () => {
    const lead = (daysAgo: number) => {
      const { name, email, message } = goodLead()
      return `('${crypto.randomUUID()}', 'hash', '${name}', '${email}', '${message}', now() - interval '${daysAgo} days')`
    }
    cluster!.psql(
      `insert into leads (idempotency_key, ip_hash, name, email, message, created_at) values ${lead(800)}, ${lead(1)}`,
    )
    const call = callMadeBy(cluster!.psql(`select command from cron.job where jobname = 'purge-expired-submissions'`))
    expect(call).toEqual({
      method: 'POST',
      url: `${PROJECT_URL}/functions/v1/purge-expired`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SERVICE_ROLE_KEY}` },
      body: {},
      timeout: 60_000,
    })

    const response = await send(call)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ leads: 1, applications: 0 })
    expect(cluster!.psql('select count(*) from leads')).toBe('1')
  })

  it("the sweep job's command posts to deliver-notifications with the shared secret, which delivers", async () => {
    const leadId = cluster!.psql(
      `insert into leads (idempotency_key, ip_hash, name, email, message)
       values ('${crypto.randomUUID()}', 'hash', 'Jane Smith', 'jane@example.com', 'A board meeting') returning id`,
    )
    cluster!.psql(
      `insert into notifications (lead_id, channel, payload)
       values ('${leadId}', 'webhook', '{"kind": "contact", "fields": {"name": "Jane Smith"}}')`,
    )
    const call = callMadeBy(cluster!.psql(`select command from cron.job where jobname = 'deliver-notifications'`))
    expect(call).toEqual({
      method: 'POST',
      url: `${PROJECT_URL}/functions/v1/deliver-notifications`,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${CRON_SECRET}` },
      body: {},
      timeout: 60_000,
    })

    const response = await send(call)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ attempted: 1, delivered: 1 })
    await receiver!.waitForRequests(1)
    expect(receiver!.received[0].path).toBe('/hook')
    expect(cluster!.psql(`select status from notifications where lead_id = '${leadId}'`)).toBe('delivered')
  })

  it('pg_cron itself runs the every-minute job, whose call is recorded like the one above', async () => {
    // The next minute's run, as pg_cron logs it.
    const run = await waitFor(() =>
      cluster!.psql(
        `select d.status || ' | ' || d.return_message from cron.job_run_details d join cron.job j using (jobid)
         where j.jobname = 'deliver-notifications' and d.status in ('succeeded', 'failed')
           and d.start_time > '${secretsSetAt}' order by d.start_time limit 1`,
      ),
    )
    expect(run).toBe('succeeded | 1 row')
    // It runs as the job's owner, who alone may: not the API roles, through /rest/v1/rpc/.
    expect(cluster!.psql("select username from cron.job where jobname = 'deliver-notifications'")).toBe('postgres')
    expect(
      cluster!.psql(`select has_function_privilege('anon', 'public.request_notification_sweep()', 'execute'),
        has_function_privilege('authenticated', 'public.request_notification_sweep()', 'execute')`),
    ).toBe('f|f')
    // Each run recorded one call, besides the one the test made: between the runs finished and
    // the runs started (one may be between committing its call and being marked succeeded).
    const [calls, finished, started] = cluster!
      .psql(
        `select (select count(*) from net.http_request_queue where url = '${PROJECT_URL}/functions/v1/deliver-notifications')
           || ',' || count(*) filter (where d.status = 'succeeded') || ',' || count(*)
         from cron.job_run_details d join cron.job j using (jobid) where j.jobname = 'deliver-notifications'`,
      )
      .split(',')
      .map(Number)
    expect(calls - 1).toBeGreaterThanOrEqual(finished)
    expect(calls - 1).toBeLessThanOrEqual(started)
  }, 90_000)
})

/** Polls a query until it returns a row (pg_cron runs the job at the start of a minute). */
async function waitFor(read: () => string, timeoutMs = 80_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== '' || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

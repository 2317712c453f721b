// @vitest-environment node
// A notification channel set up halfway (the webhook's address without its secret) acts the same
// on the local backend (Node over PGlite) and on the hosted functions (real Deno over a PostgreSQL
// set up as Supabase sets one up), since both are wired by the one function
// (supabase/functions/_shared/backend.ts): the backend starts and says what is missing, the lead
// is stored and answered 201, its notification is queued and its attempt fails with the problem as
// its last error, and once the secret is set the notification goes out. The hosted half is
// skipped, saying why, without PostgreSQL server binaries or Deno.
import { afterAll, describe, expect, it } from 'vitest'
import { createLocalBackend, type LocalBackend } from '../../../server/local-backend.ts'
import { scratchFolder } from '../scratch.ts'
import { body, goodLead, jsonRequest, migratedDiskBackend, ORIGIN } from './helpers.ts'
import {
  type Cluster,
  clusterSkipReason,
  type ServedFunction,
  SUPABASE_PROJECT,
  serveFunction,
  startCluster,
} from './postgres-cluster.ts'
import { type Receiver, startReceiver } from './receiver.ts'

const SECRET = 'half-configured-secret'
const CRON_SECRET = 'half-configured-cron'
/** What both backends do with the lead's notification while the secret is missing. */
const WAITING = {
  channel: 'webhook',
  status: 'pending',
  attempts: 1,
  last_error: 'NOTIFY_WEBHOOK_SECRET must be set (notifications are configured but incomplete)',
}

const opened: { close(): Promise<void> | void }[] = []
afterAll(async () => {
  for (const thing of opened.reverse()) await thing.close()
}, 60_000)

async function receiver(): Promise<Receiver> {
  const started = await startReceiver()
  opened.push(started)
  return started
}

describe('a notification channel set up halfway', { timeout: 120_000 }, () => {
  it('locally: the backend starts, stores the lead, keeps its notification failing with the reason, and sends it once fixed', async () => {
    const hook = await receiver()
    const dataDir = `${scratchFolder('half-configured-')}/pglite`
    const env = { RATE_LIMIT_MAX: '0', NOTIFY_WEBHOOK_URL: `${hook.url}/hook` }
    let backend: LocalBackend = await migratedDiskBackend({ dataDir, env, notifySweepMs: 0 })
    expect(backend.notifications.summary).toContain(WAITING.last_error)
    expect(backend.notifications.channels).toEqual(['webhook'])
    const sent = await backend.handle(jsonRequest('contact', goodLead()))
    expect(sent.status).toBe(201)
    const { id } = await body(sent)
    await backend.notifications.settled()
    const { rows } = await backend.db.query(
      'select channel, status, attempts, last_error from notifications where lead_id = $1::uuid',
      [id],
    )
    expect(rows).toEqual([WAITING])
    expect(hook.received).toHaveLength(0)
    await backend.close()

    // The secret set, the backend started again: the kept notification is due and goes out.
    backend = await createLocalBackend({
      dataDir,
      env: { ...env, NOTIFY_WEBHOOK_SECRET: SECRET },
      notifySweepMs: 0,
    })
    opened.push(backend)
    await backend.db.query('update notifications set next_attempt_at = now()')
    expect(await backend.notifications.deliverDue()).toMatchObject({ attempted: 1, delivered: 1 })
    expect(JSON.parse(hook.received[0].body)).toMatchObject({ kind: 'contact', recordId: id })
  })

  describe.skipIf(clusterSkipReason !== null)('hosted (Deno, PostgreSQL)', () => {
    let cluster: Cluster | undefined
    const served: ServedFunction[] = []
    afterAll(() => {
      for (const fn of served) fn.process.kill('SIGTERM')
      cluster?.stop()
    }, 60_000)

    it('the function starts, stores the lead, keeps its notification failing with the reason, and the sweep sends it once fixed', async () => {
      cluster = await startCluster({ setupSql: SUPABASE_PROJECT })
      const hook = await receiver()
      const env = {
        SUPABASE_DB_URL: cluster.url,
        SUPABASE_URL: 'http://127.0.0.1:9',
        SUPABASE_SERVICE_ROLE_KEY: 'unused',
        ALLOWED_ORIGINS: ORIGIN,
        IP_HASH_SALT: 'test-salt',
        NOTIFY_WEBHOOK_URL: `${hook.url}/hook`,
        NOTIFY_CRON_SECRET: CRON_SECRET,
      }
      const submit = await serveFunction('submit-lead', env)
      served.push(submit)
      const sent = await fetch(submit.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify(goodLead()),
      })
      expect(sent.status).toBe(201)
      const { id } = (await sent.json()) as { id: string }
      const row = () =>
        cluster!.psql(
          `select channel || '|' || status || '|' || attempts || '|' || coalesce(last_error, '-') from notifications where lead_id = '${id}' and last_error is not null`,
        )
      expect(await waitFor(row)).toBe(Object.values(WAITING).join('|'))
      expect(submit.log()).toContain(`[notifications] ${WAITING.last_error}`)
      expect(hook.received).toHaveLength(0)

      // The secret set (a function deployed with it): pg_cron's sweep sends the kept notification.
      const deliver = await serveFunction('deliver-notifications', { ...env, NOTIFY_WEBHOOK_SECRET: SECRET })
      served.push(deliver)
      cluster.psql('update notifications set next_attempt_at = now()')
      const sweep = await fetch(deliver.url, { method: 'POST', headers: { authorization: `Bearer ${CRON_SECRET}` } })
      expect(await sweep.json()).toMatchObject({ attempted: 1, delivered: 1 })
      expect(JSON.parse(hook.received[0].body)).toMatchObject({ kind: 'contact', recordId: id })
    })
  })
})

/** Polls a query until it returns a row: the immediate attempt runs after the answer is sent. */
async function waitFor(read: () => string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== '' || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

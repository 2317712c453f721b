// @vitest-environment node
// The hosted path of notifications: the real Deno functions (postgres.js over SUPABASE_DB_URL)
// against a throwaway PostgreSQL cluster, a real webhook receiver on 127.0.0.1, and the
// deliver-notifications function as pg_cron would call it. Skipped, saying why, without
// PostgreSQL server binaries or Deno.

import type { ChildProcess } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { goodApplication, goodLead } from './helpers.ts'
import { type Cluster, clusterSkipReason, SUPABASE_PROJECT, serveFunction, startCluster } from './postgres-cluster.ts'
import { type Receiver, startReceiver } from './receiver.ts'

const ORIGIN = 'https://site.example'
const SECRET = 'hosted-webhook-secret'
const CRON_SECRET = 'hosted-cron-secret'
if (clusterSkipReason) console.warn(`hosted notification tests skipped: ${clusterSkipReason}`)

let cluster: Cluster | undefined
let receiver: Receiver
const functions: ChildProcess[] = []
let submitUrl = ''
let deliverUrl = ''
let halfConfiguredUrl = ''

describe.skipIf(clusterSkipReason !== null)('notifications on PostgreSQL (Deno + postgres.js)', () => {
  beforeAll(async () => {
    cluster = await startCluster({ setupSql: SUPABASE_PROJECT })
    receiver = await startReceiver((n) => (n === 0 ? 503 : 200))
    const env = {
      SUPABASE_DB_URL: cluster.url,
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_SERVICE_ROLE_KEY: 'unused',
      ALLOWED_ORIGINS: ORIGIN,
      IP_HASH_SALT: 'test-salt',
      NOTIFY_WEBHOOK_URL: `${receiver.url}/hook`,
      NOTIFY_WEBHOOK_SECRET: SECRET,
      NOTIFY_CRON_SECRET: CRON_SECRET,
    }
    const [submit, deliver] = await Promise.all([
      serveFunction('submit-lead', env),
      serveFunction('deliver-notifications', env),
    ])
    // The same function deployed with the webhook secret forgotten.
    const halfConfigured = await serveFunction('submit-application', { ...env, NOTIFY_WEBHOOK_SECRET: '' })
    functions.push(submit.process, deliver.process, halfConfigured.process)
    submitUrl = submit.url
    deliverUrl = deliver.url
    halfConfiguredUrl = halfConfigured.url
  }, 180_000)

  afterAll(async () => {
    for (const child of functions) child.kill('SIGTERM')
    await receiver?.close()
    cluster?.stop()
  }, 60_000)

  const sweep = (authorization?: string) =>
    fetch(deliverUrl, { method: 'POST', headers: authorization ? { authorization } : {}, body: '{}' })

  it('queues with the record, attempts at once, and the scheduled sweep delivers the retry', async () => {
    const lead = goodLead()
    const response = await fetch(submitUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, referer: `${ORIGIN}/contact-us` },
      body: JSON.stringify(lead),
    })
    expect(response.status).toBe(201)
    const { id: recordId } = (await response.json()) as { id: string }
    await receiver.waitForRequests(1) // the immediate attempt, answered 503

    expect((await sweep()).status).toBe(401)
    expect((await sweep('Bearer wrong')).status).toBe(401)
    // Its back-off has not passed: nothing is due.
    expect(await (await sweep(`Bearer ${CRON_SECRET}`)).json()).toMatchObject({ attempted: 0 })

    cluster!.psql(`update notifications set next_attempt_at = now() where record_id = '${recordId}'`)
    expect(await (await sweep(`Bearer ${CRON_SECRET}`)).json()).toMatchObject({ attempted: 1, delivered: 1 })

    expect(receiver.received).toHaveLength(2)
    const [first, second] = receiver.received
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key'])
    const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(second.headers['x-signature']))!
    expect(signature[2]).toBe(createHmac('sha256', SECRET).update(`${signature[1]}.${second.body}`).digest('hex'))
    expect(JSON.parse(second.body)).toMatchObject({
      id: second.headers['idempotency-key'],
      kind: 'contact',
      recordId,
      page: `${ORIGIN}/contact-us`,
      fields: { name: lead.name, email: lead.email, phone: lead.phone, service: lead.service, message: lead.message },
    })
    expect(
      cluster!.psql(`select status || '|' || attempts || '|' || coalesce(last_error, '-') from notifications`),
    ).toBe('delivered|2|-')
  })

  it('stores the record and keeps its notification, failing with the reason, when a secret is missing', async () => {
    const response = await fetch(halfConfiguredUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(goodApplication()),
    })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    const lastError = await waitFor(() =>
      cluster!.psql(`select last_error from notifications where application_id = '${id}' and attempts = 1`),
    )
    expect(lastError).toBe('NOTIFY_WEBHOOK_SECRET must be set (notifications are configured but incomplete)')
    expect(cluster!.psql(`select status from notifications where application_id = '${id}'`)).toBe('pending')
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

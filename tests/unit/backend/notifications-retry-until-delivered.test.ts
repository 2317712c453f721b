// @vitest-environment node
// The outbox on the real local backend (PGlite) against a real HTTP receiver; time is an
// injected clock moved forward by the test, so back-offs of minutes and hours take none.
import { afterEach, describe, expect, it } from 'vitest'
import type { LocalBackend } from '../../../server/local-backend.ts'
import { GIVE_UP_AFTER_MS, RETRY_MAX_DELAY_MS } from '../../../supabase/functions/_shared/notifications/outbox.ts'
import { goodLead, jsonRequest, migratedMemoryBackend } from './helpers.ts'
import { type Receiver, startReceiver } from './receiver.ts'

const MINUTE = 60_000
let backend: LocalBackend | undefined
let receiver: Receiver | undefined
afterEach(async () => {
  await backend?.close()
  await receiver?.close()
  backend = undefined
  receiver = undefined
})

function clock() {
  let time = Date.now()
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

async function backendFor(url: string, now: () => number): Promise<LocalBackend> {
  return migratedMemoryBackend({
    env: { RATE_LIMIT_MAX: '0', NOTIFY_WEBHOOK_URL: `${url}/hooks/leads`, NOTIFY_WEBHOOK_SECRET: 'test-secret' },
    now,
    notifySweepMs: 0,
  })
}

async function notificationRows(b: LocalBackend) {
  const { rows } = await b.db.query<{ status: string; attempts: number; last_error: string | null; id: string }>(
    'select id::text as id, status, attempts, last_error from notifications',
  )
  return rows
}

/** How long until the one notification's next attempt is due, as the outbox scheduled it. */
async function untilNextAttempt(b: LocalBackend, now: () => number): Promise<number> {
  const { rows } = await b.db.query<{ next: Date }>('select next_attempt_at as next from notifications')
  return rows[0].next.getTime() - now()
}

async function submit(b: LocalBackend) {
  const response = await b.handle(jsonRequest('contact', goodLead()))
  expect(response.status).toBe(201)
  await b.notifications.settled() // the immediate attempt after the commit
}

describe('webhook notifications are retried until delivered', { timeout: 60_000 }, () => {
  it('arrives on the third attempt, once, when the receiver answers 503 twice', async () => {
    const time = clock()
    receiver = await startReceiver((n) => (n < 2 ? 503 : 200))
    backend = await backendFor(receiver.url, time.now)
    await submit(backend)
    expect(receiver.received).toHaveLength(1)
    expect((await notificationRows(backend))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'HTTP 503',
    })

    // Not due before its back-off has passed.
    expect(await untilNextAttempt(backend, time.now)).toBe(MINUTE)
    time.advance(MINUTE - 1)
    expect((await backend.notifications.deliverDue()).attempted).toBe(0)
    time.advance(1)
    expect(await backend.notifications.deliverDue()).toMatchObject({ attempted: 1, failed: 1 })
    expect(await untilNextAttempt(backend, time.now)).toBe(2 * MINUTE)
    time.advance(2 * MINUTE)
    expect(await backend.notifications.deliverDue()).toMatchObject({ attempted: 1, delivered: 1 })

    const [row] = await notificationRows(backend)
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_error: null })
    expect(receiver.received.map((r) => r.headers['idempotency-key'])).toEqual([row.id, row.id, row.id])
    // Delivered means done: a day later nothing is sent again.
    time.advance(GIVE_UP_AFTER_MS)
    expect((await backend.notifications.deliverDue()).attempted).toBe(0)
    expect(receiver.received).toHaveLength(3)
  })

  it('is delivered once the receiver is back after being down', async () => {
    const time = clock()
    receiver = await startReceiver()
    await receiver.down()
    backend = await backendFor(receiver.url, time.now)
    await submit(backend)
    for (let attempt = 1; attempt <= 4; attempt++) {
      time.advance(await untilNextAttempt(backend, time.now))
      expect(await backend.notifications.deliverDue()).toMatchObject({ attempted: 1, failed: 1 })
    }
    const [failing] = await notificationRows(backend)
    expect(failing).toMatchObject({ status: 'pending', attempts: 5, last_error: 'network error ECONNREFUSED' })
    expect(receiver.received).toHaveLength(0)

    await receiver.up()
    time.advance(await untilNextAttempt(backend, time.now))
    expect(await backend.notifications.deliverDue()).toMatchObject({ attempted: 1, delivered: 1 })
    expect(receiver.received).toHaveLength(1)
    expect(receiver.received[0].headers['idempotency-key']).toBe(failing.id)
    expect((await notificationRows(backend))[0]).toMatchObject({ status: 'delivered', attempts: 6 })
  })

  it('backs off from 1 minute to at most 1 hour, retries for 24 hours, then keeps the row as dead', async () => {
    const time = clock()
    receiver = await startReceiver(() => 500)
    backend = await backendFor(receiver.url, time.now)
    await submit(backend)
    const firstAttempt = time.now()
    const gaps: number[] = []
    for (;;) {
      const { rows } = await backend.db.query<{ status: string; next: Date }>(
        'select status, next_attempt_at as next from notifications',
      )
      if (rows[0].status === 'dead') break
      gaps.push(rows[0].next.getTime() - time.now())
      time.advance(rows[0].next.getTime() - time.now())
      await backend.notifications.deliverDue()
    }
    expect(gaps.slice(0, 8).map((gap) => gap / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 60, 60])
    expect(Math.max(...gaps)).toBe(RETRY_MAX_DELAY_MS)
    expect(time.now() - firstAttempt).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS)
    expect(time.now() - firstAttempt).toBeLessThan(GIVE_UP_AFTER_MS + RETRY_MAX_DELAY_MS)
    const [dead] = await notificationRows(backend)
    expect(dead).toMatchObject({ status: 'dead', attempts: gaps.length + 1, last_error: 'HTTP 500' })
    expect(receiver.received).toHaveLength(gaps.length + 1)
    time.advance(GIVE_UP_AFTER_MS)
    expect((await backend.notifications.deliverDue()).attempted).toBe(0)
  })
})

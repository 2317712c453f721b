/**
 * Local backend benchmark: `tsx bench/backend.ts` (≈1 minute, loopback only).
 *
 * Phase 1, load: after 50 warm-up submissions (stored, not timed), 1,000
 * contact submissions from 50 concurrent clients, every
 * 10th sent twice with the same idempotency key; then the rows are counted:
 * exactly one per distinct submission is expected.
 * Phase 2, crash: submissions flow until the server is killed with SIGKILL;
 * it is restarted on the same data directory and every submission that had a
 * 2xx answer before the kill must be there, under the id it was answered with.
 * Phase 3, notifications: 1,000 leads (every 10th sent twice) into the backend
 * in this process, with a webhook receiver on loopback that fails 20 % of
 * attempts at random (503); the deliverer's clock is moved from one due time to
 * the next, so a day of back-off takes seconds. Every submission must be
 * delivered, none dead; the receiver counts repeats of an Idempotency-Key it
 * had already accepted.
 * Phase 4, measurement: 10,000 events in batches of 10 from 50 concurrent
 * clients to the collect function (each event a field-speed report with a value
 * of its own); every event must be stored exactly once, and no answer be a 5xx.
 *
 * Prints the figures and writes them to bench/backend.json.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { createLocalBackend } from '../server/local-backend.ts'
import { openLocalDatabase } from '../server/local-database'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const CONCURRENCY = 50
const LOAD_SUBMISSIONS = 1_000
const CRASH_MAX_SUBMISSIONS = 5_000
const KILL_AFTER_ACKS = 400
const DEADLINE = Date.now() + 5 * 60_000 // the whole run stops by itself
const NOTIFY_SUBMISSIONS = 1_000
const RECEIVER_FAILURE_RATE = 0.2
/** The deliverer's clock is not moved past this (it gives up after 24 h of retries). */
const NOTIFY_HORIZON_MS = 48 * 60 * 60_000
const MEASURE_EVENTS = 10_000
const MEASURE_BATCH = 10

interface Sent {
  key: string
  status: number // 0: no answer (connection dropped)
  id?: string
  ms: number
}

interface Server {
  child: ChildProcess
  url: string
}

async function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/backend-standalone.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      BACKEND_DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '0',
      MEASURE_RATE_LIMIT_MAX: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk}`))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000)
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.once('exit', (code) => reject(new Error(`server exited early (${code})`)))
  })
  return { child, url }
}

async function stopServer(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (exited(server)) return
  const exit = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill(signal)
  await exit
}

function exited(server: Server): boolean {
  return server.child.exitCode !== null || server.child.signalCode !== null
}

function lead(key: string, n: number): Record<string, string> {
  return {
    name: `Bench Client ${n}`,
    email: `client${n}@example.com`,
    phone: '(407) 555-0123',
    service: 'event-security',
    message: `Benchmark submission number ${n}.`,
    idempotencyKey: key,
  }
}

async function send(url: string, body: Record<string, string>): Promise<Sent> {
  const started = performance.now()
  try {
    const response = await fetch(`${url}/functions/v1/submit-lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    const answer = (await response.json()) as { id?: string }
    return { key: body.idempotencyKey, status: response.status, id: answer.id, ms: performance.now() - started }
  } catch {
    return { key: body.idempotencyKey, status: 0, ms: performance.now() - started }
  }
}

/** Runs the queue with a fixed number of clients until it is empty or `stop()` says so. */
async function runClients(
  queue: Record<string, string>[],
  url: string,
  onAnswer: (sent: Sent) => void,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0
  const client = async () => {
    while (next < queue.length && !stop() && Date.now() < DEADLINE) {
      onAnswer(await send(url, queue[next++]))
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client))
}

async function storedIds(dataDir: string): Promise<Map<string, string[]>> {
  const db = await openLocalDatabase(dataDir)
  try {
    const { rows } = await db.query<{ key: string; id: string }>(
      'select idempotency_key::text as key, id::text as id from leads',
    )
    const byKey = new Map<string, string[]>()
    for (const { key, id } of rows) byKey.set(key, [...(byKey.get(key) ?? []), id])
    return byKey
  } finally {
    await db.close()
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits))

async function loadPhase(dataDir: string) {
  const server = await startServer(dataDir)
  const queue: Record<string, string>[] = []
  for (let n = 1; n <= LOAD_SUBMISSIONS; n++) {
    const body = lead(crypto.randomUUID(), n)
    queue.push(body)
    // The copy goes right behind the original, so two clients usually send them at once.
    if (n % 10 === 0) queue.push(body)
  }
  // Warm-up (JIT, ajv, PGlite caches) is stored too, but left out of the timings.
  const warmUp = Array.from({ length: CONCURRENCY }, (_, i) => lead(crypto.randomUUID(), -i))
  await runClients(warmUp, server.url, () => {})
  const answers: Sent[] = []
  const started = performance.now()
  await runClients(queue, server.url, (sent) => answers.push(sent))
  const seconds = (performance.now() - started) / 1000
  await stopServer(server, 'SIGTERM')

  const stored = await storedIds(dataDir)
  const distinctKeys = new Set([...warmUp, ...queue].map((body) => body.idempotencyKey))
  const lost = [...distinctKeys].filter((key) => !stored.has(key)).length
  const duplicated = [...stored.values()].reduce((sum, ids) => sum + ids.length - 1, 0)
  const idsByKey = new Map<string, Set<string>>()
  for (const sent of answers) {
    if (sent.id) idsByKey.set(sent.key, (idsByKey.get(sent.key) ?? new Set()).add(sent.id))
  }
  const repeatsWithOtherId = [...idsByKey.values()].filter((ids) => ids.size > 1).length
  const latencies = answers.map((sent) => sent.ms).sort((a, b) => a - b)
  const statuses: Record<string, number> = {}
  for (const sent of answers) statuses[sent.status] = (statuses[sent.status] ?? 0) + 1

  return {
    requests: answers.length,
    distinctSubmissions: distinctKeys.size - warmUp.length,
    warmUpSubmissions: warmUp.length,
    concurrency: CONCURRENCY,
    seconds: round(seconds, 2),
    requestsPerSecond: round(answers.length / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies[latencies.length - 1]),
    },
    statuses,
    rowsStored: [...stored.values()].reduce((sum, ids) => sum + ids.length, 0) - warmUp.length,
    lost,
    duplicated,
    repeatsAnsweredWithAnotherId: repeatsWithOtherId,
  }
}

async function crashPhase(dataDir: string) {
  let server = await startServer(dataDir)
  const queue = Array.from({ length: CRASH_MAX_SUBMISSIONS }, (_, i) => lead(crypto.randomUUID(), i + 1))
  const acked = new Map<string, string>()
  let unanswered = 0
  let killed = false
  await runClients(
    queue,
    server.url,
    (sent) => {
      if (sent.status >= 200 && sent.status < 300 && sent.id) acked.set(sent.key, sent.id)
      else unanswered++
      if (!killed && acked.size >= KILL_AFTER_ACKS) {
        killed = true
        server.child.kill('SIGKILL') // mid-run: other clients still have requests in flight
      }
    },
    () => killed && exited(server),
  )
  await stopServer(server, 'SIGKILL')

  const restartStarted = performance.now()
  server = await startServer(dataDir)
  const restartSeconds = (performance.now() - restartStarted) / 1000
  const afterRestart = await send(server.url, lead(crypto.randomUUID(), 0))
  await stopServer(server, 'SIGTERM')

  const stored = await storedIds(dataDir)
  const missing = [...acked].filter(([key, id]) => !(stored.get(key) ?? []).includes(id)).length
  return {
    ackedBeforeKill: acked.size,
    failedOrCutOffByKill: unanswered,
    rowsAfterRestart: [...stored.values()].reduce((sum, ids) => sum + ids.length, 0),
    ackedMissingAfterRestart: missing,
    restartSeconds: round(restartSeconds, 2),
    firstSubmissionAfterRestart: afterRestart.status,
  }
}

/** bench/flaky-receiver.ts in its own process: it fails a share of attempts and counts what it accepted. */
async function flakyReceiver(failureRate: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/flaky-receiver.ts'], {
    cwd: ROOT,
    env: { ...process.env, FAILURE_RATE: String(failureRate) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`receiver exited early (${code})`)))
  })
  return {
    url: `${url}/hook`,
    stats: async () =>
      (await (await fetch(`${url}/stats`)).json()) as {
        attempts: number
        failed: number
        keysAccepted: number
        duplicatesByKey: number
      },
    close: async () => {
      const exit = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exit
    },
  }
}

async function notificationsPhase(dataDir: string) {
  const receiver = await flakyReceiver(RECEIVER_FAILURE_RATE)
  const startedAt = Date.now()
  let clock = startedAt
  const backend = await createLocalBackend({
    dataDir,
    env: { RATE_LIMIT_MAX: '0', NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: 'bench-secret' },
    now: () => clock,
    notifySweepMs: 0,
  })
  try {
    const queue: Record<string, string>[] = []
    for (let n = 1; n <= NOTIFY_SUBMISSIONS; n++) {
      const body = lead(crypto.randomUUID(), n)
      queue.push(body)
      if (n % 10 === 0) queue.push(body)
    }
    const started = performance.now()
    let next = 0
    const statuses: Record<string, number> = {}
    const client = async () => {
      while (next < queue.length) {
        const response = await backend.handle(
          new Request('http://127.0.0.1/functions/v1/submit-lead', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
            body: JSON.stringify(queue[next++]),
          }),
        )
        statuses[response.status] = (statuses[response.status] ?? 0) + 1
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, client))
    await backend.notifications.settled()
    const deliveredRightAway = await countWhere(backend.db, "status = 'delivered'")

    // Retries: jump the clock to the next due time, sweep, until nothing is pending.
    let sweeps = 0
    for (;;) {
      const { rows } = await backend.db.query<{ due: Date | null }>(
        "select min(next_attempt_at) as due from notifications where status = 'pending'",
      )
      const due = rows[0]?.due
      if (!due || due.getTime() - startedAt > NOTIFY_HORIZON_MS) break
      clock = Math.max(clock, due.getTime())
      await backend.notifications.deliverDue()
      sweeps++
    }
    const seconds = (performance.now() - started) / 1000
    const { rows: attempts } = await backend.db.query<{ max: number; total: number }>(
      'select max(attempts)::int as max, sum(attempts)::int as total from notifications',
    )
    const { rows: lastDelivery } = await backend.db.query<{ at: Date | null }>(
      "select max(delivered_at) as at from notifications where status = 'delivered'",
    )
    const submissions = await countWhere(backend.db, 'true', 'leads')
    return {
      submissions,
      requests: queue.length,
      statuses,
      notificationsQueued: await countWhere(backend.db, 'true'),
      deliveredOnFirstAttempt: deliveredRightAway,
      delivered: await countWhere(backend.db, "status = 'delivered'"),
      pending: await countWhere(backend.db, "status = 'pending'"),
      dead: await countWhere(backend.db, "status = 'dead'"),
      attemptsTotal: attempts[0].total,
      attemptsMax: attempts[0].max,
      receiverFailureRate: RECEIVER_FAILURE_RATE,
      receiver: await receiver.stats(),
      retrySweeps: sweeps,
      simulatedMinutesToLastDelivery: lastDelivery[0].at
        ? round((lastDelivery[0].at.getTime() - startedAt) / 60_000)
        : null,
      seconds: round(seconds, 2),
    }
  } finally {
    await backend.close()
    await receiver.close()
  }
}

/** Phase 4: batches of field-speed reports, each event's value its number, from 50 clients at once. */
async function measurementPhase(dataDir: string) {
  const server = await startServer(dataDir)
  const batches = Array.from({ length: MEASURE_EVENTS / MEASURE_BATCH }, (_, b) => ({
    device: 'mobile',
    visit: { landingPage: '/orlando-security-services', referrerHost: 'www.google.com', utmMedium: 'cpc' },
    events: Array.from({ length: MEASURE_BATCH }, (_, e) => ({
      kind: 'vital',
      page: '/orlando-security-services',
      metric: 'LCP',
      value: b * MEASURE_BATCH + e,
    })),
  }))
  const statuses: Record<string, number> = {}
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  const client = async () => {
    while (next < batches.length && Date.now() < DEADLINE) {
      const batch = batches[next++]
      const sentAt = performance.now()
      const status = await fetch(`${server.url}/functions/v1/collect`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: 'http://localhost:5173',
          'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile Safari/604.1',
        },
        body: JSON.stringify(batch),
        signal: AbortSignal.timeout(30_000),
      }).then(
        (response) => response.status,
        () => 0,
      )
      latencies.push(performance.now() - sentAt)
      statuses[status] = (statuses[status] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client))
  const seconds = (performance.now() - started) / 1000
  await stopServer(server, 'SIGTERM')
  const db = await openLocalDatabase(dataDir)
  try {
    const [stored] = (
      await db.query<{ events: number; distinct_values: number }>(
        'select count(*)::int as events, count(distinct value)::int as distinct_values from measure_events',
      )
    ).rows
    const serverErrors = Object.entries(statuses)
      .filter(([status]) => Number(status) >= 500 || status === '0')
      .reduce((sum, [, n]) => sum + n, 0)
    latencies.sort((a, b) => a - b)
    return {
      events: MEASURE_EVENTS,
      batches: batches.length,
      concurrency: CONCURRENCY,
      seconds: round(seconds, 2),
      eventsPerSecond: round(MEASURE_EVENTS / seconds),
      latencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)) },
      statuses,
      serverErrors,
      stored: stored.events,
      countedOnce: stored.distinct_values,
      missing: MEASURE_EVENTS - stored.distinct_values,
      duplicated: stored.events - stored.distinct_values,
    }
  } finally {
    await db.close()
  }
}

async function countWhere(db: PGlite, condition: string, table = 'notifications'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${condition}`)
  return rows[0].n
}

const tmpRoot = join(ROOT, 'bench/tmp')
mkdirSync(tmpRoot, { recursive: true })
const workDir = mkdtempSync(join(tmpRoot, 'backend-'))
try {
  console.log('Phase 1: load (1,000 leads, 50 clients, every 10th sent twice)…')
  const load = await loadPhase(join(workDir, 'load'))
  console.log(
    `  ${load.requests} requests in ${load.seconds} s = ${load.requestsPerSecond} req/s; ` +
      `latency p50 ${load.latencyMs.p50} ms, p95 ${load.latencyMs.p95} ms, p99 ${load.latencyMs.p99} ms`,
  )
  console.log(
    `  statuses ${JSON.stringify(load.statuses)}; rows ${load.rowsStored} for ${load.distinctSubmissions} submissions`,
  )
  console.log(
    `  ${load.lost} lost, ${load.duplicated} duplicated, ${load.repeatsAnsweredWithAnotherId} repeats answered with another id`,
  )

  console.log(`Phase 2: SIGKILL after ${KILL_AFTER_ACKS} acknowledged submissions, restart, check…`)
  const crash = await crashPhase(join(workDir, 'crash'))
  console.log(
    `  ${crash.ackedBeforeKill} acknowledged before the kill, ${crash.failedOrCutOffByKill} cut off; ` +
      `${crash.ackedMissingAfterRestart} acknowledged missing after restart (restart ${crash.restartSeconds} s, ` +
      `next submission ${crash.firstSubmissionAfterRestart})`,
  )

  console.log(
    `Phase 3: notifications, ${NOTIFY_SUBMISSIONS} leads (every 10th sent twice), receiver failing ${RECEIVER_FAILURE_RATE * 100} % at random…`,
  )
  const notifications = await notificationsPhase(join(workDir, 'notify'))
  console.log(
    `  ${notifications.submissions} submissions, ${notifications.delivered} notifications delivered ` +
      `(${notifications.deliveredOnFirstAttempt} on the first attempt), ${notifications.dead} dead, ${notifications.pending} pending; ` +
      `receiver: ${notifications.receiver.attempts} attempts, ${notifications.receiver.failed} failed, ` +
      `${notifications.receiver.duplicatesByKey} duplicates by Idempotency-Key; last delivery after ` +
      `${notifications.simulatedMinutesToLastDelivery} simulated minutes (${notifications.seconds} s)`,
  )

  console.log(
    `Phase 4: measurement, ${MEASURE_EVENTS.toLocaleString('en')} events in batches of ${MEASURE_BATCH} from ${CONCURRENCY} clients…`,
  )
  const measurement = await measurementPhase(join(workDir, 'measure'))
  console.log(
    `  ${measurement.stored} events stored, ${measurement.countedOnce} counted once, ${measurement.missing} missing, ` +
      `${measurement.duplicated} duplicated; statuses ${JSON.stringify(measurement.statuses)} (${measurement.serverErrors} 5xx or no answer); ` +
      `${measurement.eventsPerSecond} events/s, batch latency p50 ${measurement.latencyMs.p50} ms, p95 ${measurement.latencyMs.p95} ms`,
  )

  const ok =
    measurement.countedOnce === MEASURE_EVENTS &&
    measurement.duplicated === 0 &&
    measurement.serverErrors === 0 &&
    notifications.delivered === notifications.submissions &&
    notifications.notificationsQueued === notifications.submissions &&
    notifications.dead === 0 &&
    notifications.receiver.duplicatesByKey === 0 &&
    load.lost === 0 &&
    load.duplicated === 0 &&
    load.repeatsAnsweredWithAnotherId === 0 &&
    crash.ackedMissingAfterRestart === 0 &&
    crash.firstSubmissionAfterRestart === 201
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    ok,
    load,
    crash,
    notifications,
    measurement,
  }
  writeFileSync(join(ROOT, 'bench/backend.json'), `${JSON.stringify(report, null, 2)}\n`)
  console.log(
    ok
      ? 'OK: 0 lost, 0 duplicated, nothing acknowledged was lost to SIGKILL; every submission notified, 0 dead; every event counted once, no 5xx'
      : 'FAILED: see bench/backend.json',
  )
  process.exitCode = ok ? 0 : 1
} finally {
  rmSync(workDir, { recursive: true, force: true })
}

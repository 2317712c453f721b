/**
 * Sends what the outbox holds: right after a record is stored (its own rows) and
 * on every sweep (whatever is due). The same code runs in the edge functions and
 * in the local Node backend.
 */
import type { SqlClient } from '../store.ts'
import type { Sender } from './channels.ts'
import type { ChannelName } from './config.ts'
import { type ClaimedNotification, createOutbox } from './outbox.ts'

/** How long an orderly stop waits for attempts in flight before aborting them. */
const STOP_GRACE_MS = 3_000

export interface DelivererOptions {
  client: SqlClient
  senders: Partial<Record<ChannelName, Sender>>
  now?: () => number
  /** Rows claimed (and sent in parallel) at a time. */
  batchSize?: number
  /** A sweep stops after this many attempts, so one run stays well inside a function's time limit. */
  maxPerSweep?: number
  /** Nor does a sweep claim more after running this long (real time, whatever `now` says). */
  sweepBudgetMs?: number
  /** Notifications that turn dead, and the deliverer's own failures; never payloads. */
  logError?: (message: string) => void
}

export interface DeliveryReport {
  attempted: number
  delivered: number
  failed: number
  dead: number
}

export interface Deliverer {
  /** Attempts every due notification (up to maxPerSweep). */
  deliverDue(): Promise<DeliveryReport>
  /** Attempts one record's notifications now: the immediate attempt after the record is stored. */
  deliverRecord(recordId: string): Promise<DeliveryReport>
  /** Resolves once no attempt is in flight (tests, orderly shutdown). */
  settled(): Promise<void>
  /**
   * Takes no new work, lets attempts in flight finish for up to `graceMs`, then aborts the rest
   * (they count as failed and are retried later) and waits for them to be recorded.
   */
  stop(graceMs?: number): Promise<void>
}

export function createDeliverer(options: DelivererOptions): Deliverer {
  const outbox = createOutbox(options.client)
  const now = options.now ?? Date.now
  const batchSize = options.batchSize ?? 20
  const maxPerSweep = options.maxPerSweep ?? 500
  const logError = options.logError ?? ((message) => console.error(message))
  let closing = false
  // One controller per attempt (a shared signal would collect a listener per attempt in flight).
  const attemptsInFlight = new Set<AbortController>()
  const running = new Set<Promise<unknown>>()

  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work)
    void work.finally(() => running.delete(work)).catch(() => undefined)
    return work
  }

  async function settled(): Promise<void> {
    while (running.size > 0) await Promise.allSettled([...running])
  }

  async function attempt(notification: ClaimedNotification, report: DeliveryReport): Promise<void> {
    report.attempted++
    const sender = options.senders[notification.channel]
    const abort = new AbortController()
    attemptsInFlight.add(abort)
    try {
      if (!sender) throw new Error(`channel ${notification.channel} is not configured`)
      await sender({ id: notification.id, payload: notification.payload }, abort.signal)
    } catch (error) {
      report.failed++
      const reason = error instanceof Error ? error.message : String(error)
      const status = await outbox.markFailed(notification.id, now(), reason)
      if (status === 'dead') {
        report.dead++
        logError(
          `[notifications] ${notification.channel} notification ${notification.id} is dead after ${notification.attempts} attempts: ${reason}`,
        )
      }
      return
    } finally {
      attemptsInFlight.delete(abort)
    }
    await outbox.markDelivered(notification.id, now())
    report.delivered++
  }

  async function run(recordId?: string): Promise<DeliveryReport> {
    const report: DeliveryReport = { attempted: 0, delivered: 0, failed: 0, dead: 0 }
    if (closing) return report
    const deadline = performance.now() + (options.sweepBudgetMs ?? Number.POSITIVE_INFINITY)
    try {
      while (report.attempted < maxPerSweep && !closing && performance.now() < deadline) {
        const claimed = await outbox.claimDue(now(), Math.min(batchSize, maxPerSweep - report.attempted), recordId)
        if (claimed.length === 0) break
        // Settle every attempt of the batch before anything else, even when one fails to record.
        const outcomes = await Promise.allSettled(claimed.map((notification) => attempt(notification, report)))
        const failure = outcomes.find((outcome) => outcome.status === 'rejected')
        if (failure) throw failure.reason
      }
    } catch (error) {
      logError(`[notifications] delivery run failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    return report
  }

  return {
    deliverDue: () => track(run()),
    deliverRecord: (recordId) => track(run(recordId)),
    settled,
    async stop(graceMs = STOP_GRACE_MS) {
      closing = true
      let timer: ReturnType<typeof setTimeout> | undefined
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs)
      })
      await Promise.race([settled(), grace])
      clearTimeout(timer)
      for (const abort of attemptsInFlight) abort.abort()
      await settled()
    },
  }
}

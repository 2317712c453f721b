// @vitest-environment node
// What staff see and do: `npm run submissions` shows each record's notification status, and
// `npm run notifications -- --retry-dead` re-queues dead ones, which the backend then delivers.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createLocalBackend } from '../../../server/local-backend.ts'
import { GIVE_UP_AFTER_MS, RETRY_MAX_DELAY_MS } from '../../../supabase/functions/_shared/notifications/outbox.ts'
import { goodLead, jsonRequest, migratedDiskBackend } from './helpers.ts'
import { startReceiver } from './receiver.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'notify-scripts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// Not execFileSync: this process is also the webhook's receiver and the backends' client, and a
// loop blocked for seconds fired the receiver's keep-alive timeout in the same turn as the
// restarted backend's first request, which then went out on the closing connection and failed
// (retried a minute later: once in a fresh clone's run, "the receiver got 25 of 26 requests").
async function script(name: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  })
  return stdout
}

describe('notification status and re-queueing dead notifications', () => {
  it('shows a dead notification with its last error, re-queues it, and it is delivered after', async () => {
    const dataDir = join(dir, 'pglite')
    let answer = 500
    const receiver = await startReceiver(() => answer)
    const env = { RATE_LIMIT_MAX: '0', NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: 'scripts-secret' }
    let time = Date.now()
    const backend = await migratedDiskBackend({ dataDir, env, now: () => time, notifySweepMs: 0 })
    const lead = goodLead({ name: 'Dead Letter' })
    expect((await backend.handle(jsonRequest('contact', lead))).status).toBe(201)
    await backend.notifications.settled()
    // Well past the retry period, one hour at a time (the back-off cap).
    for (let elapsed = 0; elapsed <= GIVE_UP_AFTER_MS + RETRY_MAX_DELAY_MS; elapsed += RETRY_MAX_DELAY_MS) {
      time += RETRY_MAX_DELAY_MS
      await backend.notifications.deliverDue()
    }
    const attempts = receiver.received.length
    await backend.close()

    const stored = JSON.parse(await script('submissions', '--json', '--data-dir', dataDir))
    expect(stored.leads).toHaveLength(1)
    expect(stored.leads[0].notifications).toEqual([
      expect.objectContaining({ channel: 'webhook', status: 'dead', attempts, last_error: 'HTTP 500' }),
    ])
    expect(await script('submissions', '--data-dir', dataDir)).toContain(
      `webhook DEAD after ${attempts} attempts: HTTP 500`,
    )
    expect(await script('notifications', '--data-dir', dataDir)).toContain('0 delivered, 0 pending, 1 dead')

    expect(await script('notifications', '--retry-dead', '--data-dir', dataDir)).toContain(
      'Re-queued 1 dead notification',
    )
    answer = 200
    // The restarted backend sends what is due as it starts.
    const restarted = await createLocalBackend({ dataDir, env })
    await receiver.waitForRequests(attempts + 1)
    await restarted.close() // lets the attempt in flight be recorded
    await receiver.close()

    const after = JSON.parse(await script('submissions', '--json', '--data-dir', dataDir))
    expect(after.leads[0].notifications).toEqual([
      expect.objectContaining({ status: 'delivered', attempts: attempts + 1, last_error: null }),
    ])
  }, 180_000)
})

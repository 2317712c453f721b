// @vitest-environment node
// The real local backend in a child process over a PGlite data directory, killed with SIGKILL
// after it sent a notification and before it could mark it delivered: after a restart the
// receiver gets it once more, with the same Idempotency-Key, and never again after that.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { openLocalDatabase } from '../../../server/local-database.ts'
import { goodLead, migratedDataDir } from './helpers.ts'
import { type Receiver, startReceiver } from './receiver.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'notify-kill-'))
const children: ChildProcess[] = []
let receiver: Receiver | undefined
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await receiver?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function startBackend(dataDir: string, webhookUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/backend-standalone.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      BACKEND_DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '0',
      NOTIFY_WEBHOOK_URL: webhookUrl,
      NOTIFY_WEBHOOK_SECRET: 'kill-test-secret',
      NOTIFY_EMAIL_TO: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`backend exited (${code}): ${output}`)))
  })
  return { child, url }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

describe('a notification cut off by SIGKILL', () => {
  it('reaches the receiver at most once more after a restart, with the same Idempotency-Key', async () => {
    const dataDir = join(dir, 'pglite')
    let unanswered: ServerResponse | undefined
    // The first delivery is received and left unanswered; the second is accepted.
    receiver = await startReceiver((n) => (n === 0 ? (_req, res) => (unanswered = res) : 200))
    const webhook = `${receiver.url}/hook`
    // The folder holds the run's migrated database: the child opens it rather than creating one.
    await migratedDataDir(dataDir)
    const first = await startBackend(dataDir, webhook)
    const response = await fetch(`${first.url}/functions/v1/submit-lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify(goodLead()),
    })
    expect(response.status).toBe(201)
    const { id: recordId } = (await response.json()) as { id: string }
    await receiver.waitForRequests(1)
    // Sent, not yet answered: the backend dies before it can mark the row delivered.
    const killed = exited(first.child)
    first.child.kill('SIGKILL')
    await killed
    expect(first.child.signalCode).toBe('SIGKILL')
    unanswered?.socket?.destroy()

    const restarted = await startBackend(dataDir, webhook)
    const received = await receiver.waitForRequests(2)
    const stopped = exited(restarted.child)
    restarted.child.kill('SIGTERM') // orderly: the attempt in flight is finished and recorded first
    await stopped

    expect(received).toHaveLength(2)
    const keys = received.map((request) => request.headers['idempotency-key'])
    expect(keys[1]).toBe(keys[0])
    expect(JSON.parse(received[1].body)).toMatchObject({ id: keys[0], recordId })

    const db = await openLocalDatabase(dataDir)
    try {
      const { rows } = await db.query<{ id: string; status: string; attempts: number; claimed: boolean }>(
        `select id::text as id, status, attempts, claimed_at is not null as claimed from notifications`,
      )
      expect(rows).toEqual([{ id: keys[0], status: 'delivered', attempts: 2, claimed: false }])
    } finally {
      await db.close()
    }
  }, 120_000)
})

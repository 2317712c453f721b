/**
 * The backend's figures for the report: runs bench/backend.ts (`npm run bench:backend`), which
 * writes bench/backend.json, or with `reuse` only reads the JSON of an earlier run.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, TSX } from './project.ts'

export type BackendFigures = {
  date: string
  node: string
  ok: boolean
  load: {
    requests: number
    distinctSubmissions: number
    concurrency: number
    seconds: number
    requestsPerSecond: number
    latencyMs: { p50: number; p95: number; p99: number; max: number }
    statuses: Record<string, number>
    rowsStored: number
    lost: number
    duplicated: number
    repeatsAnsweredWithAnotherId: number
  }
  crash: {
    ackedBeforeKill: number
    failedOrCutOffByKill: number
    rowsAfterRestart: number
    ackedMissingAfterRestart: number
    restartSeconds: number
    firstSubmissionAfterRestart: number
  }
  /** Absent in runs from before notifications existed. */
  notifications?: {
    submissions: number
    notificationsQueued: number
    deliveredOnFirstAttempt: number
    delivered: number
    pending: number
    dead: number
    attemptsTotal: number
    attemptsMax: number
    receiverFailureRate: number
    receiver: { attempts: number; failed: number; keysAccepted: number; duplicatesByKey: number }
    simulatedMinutesToLastDelivery: number | null
    seconds: number
  }
}

export type BackendResult = BackendFigures & { source: 'ran' | 'reused'; exitCode?: number | null }

const JSON_FILE = join(ROOT, 'bench/backend.json')

export async function backendFigures(
  reuse: boolean,
  log: (line: string) => void = console.log,
): Promise<BackendResult> {
  if (reuse) {
    if (!existsSync(JSON_FILE))
      throw new Error('bench/backend.json does not exist: run without --reuse-backend (or npm run bench:backend)')
    return { ...(JSON.parse(readFileSync(JSON_FILE, 'utf8')) as BackendFigures), source: 'reused' }
  }
  const started = new Date()
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(TSX, ['bench/backend.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    const forward = (chunk: Buffer) =>
      String(chunk)
        .split('\n')
        .filter(Boolean)
        .forEach((line) => {
          log(`  ${line}`)
        })
    child.stdout.on('data', forward)
    child.stderr.on('data', forward)
    child.once('error', reject)
    child.once('exit', resolve)
  })
  const figures = JSON.parse(readFileSync(JSON_FILE, 'utf8')) as BackendFigures
  if (new Date(figures.date) < started)
    throw new Error(`bench/backend.ts exited with ${exitCode} without writing bench/backend.json`)
  return { ...figures, source: 'ran', exitCode }
}

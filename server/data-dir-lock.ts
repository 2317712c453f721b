/**
 * PGlite has no lock of its own: two processes opening one data directory would
 * corrupt it. A pid file next to the directory refuses the second opener, and a
 * lock left by a killed process is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'

export interface DataDirLock {
  release(): void
}

export function lockDataDir(dataDir: string): DataDirLock {
  const lockPath = `${dataDir.replace(/\/+$/, '')}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return { release: () => unlinkQuietly(lockPath) }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number(readQuietly(lockPath))
      if (holder !== process.pid && isAlive(holder)) {
        throw new Error(`${dataDir} is in use by process ${holder}; stop it first (lock file ${lockPath}).`)
      }
      unlinkQuietly(lockPath) // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`)
}

/** Pid of a live process holding the lock, or null. */
export function lockHolder(dataDir: string): number | null {
  const holder = Number(readQuietly(`${dataDir.replace(/\/+$/, '')}.lock`))
  return holder > 0 && isAlive(holder) ? holder : null
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readQuietly(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch {
    return ''
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // already gone
  }
}

/**
 * PGlite has no lock of its own: two processes opening one data directory would
 * corrupt it. The lock is the operating system's (an open-file-description lock
 * on Linux, flock on macOS, LockFileEx on Windows) on `<dataDir>.lock`: taking
 * it is one atomic call, and the kernel drops it when its holder exits however
 * it exits, so there is no stale lock to detect and take over.
 *
 * The lock file is never deleted: a starter that opened it just before the
 * delete would lock a file nobody else can see any more.
 */
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs'
import { tryLock, unlock } from 'fs-native-extensions'

export interface DataDirLock {
  release(): void
}

export function lockDataDir(dataDir: string): DataDirLock {
  const lockPath = lockPathOf(dataDir)
  const fd = openSync(lockPath, 'a+')
  if (!tryLock(fd)) {
    closeSync(fd)
    const holder = readQuietly(lockPath)
    throw new Error(`${dataDir} is in use by process ${holder || '(unknown)'}; stop it first (lock file ${lockPath}).`)
  }
  // The pid is for people reading the error above; the lock itself is the kernel's.
  ftruncateSync(fd, 0)
  writeSync(fd, String(process.pid))
  let released = false
  return {
    release() {
      if (released) return
      released = true
      unlock(fd)
      closeSync(fd)
    },
  }
}

/** Pid of the live process holding the lock, or null when nobody holds it. */
export function lockHolder(dataDir: string): number | null {
  const lockPath = lockPathOf(dataDir)
  let fd: number
  try {
    fd = openSync(lockPath, 'r+')
  } catch {
    return null // never locked
  }
  try {
    if (tryLock(fd)) {
      unlock(fd)
      return null
    }
    const holder = Number(readQuietly(lockPath))
    return Number.isInteger(holder) && holder > 0 ? holder : -1
  } finally {
    closeSync(fd)
  }
}

function lockPathOf(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, '')}.lock`
}

function readQuietly(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch {
    return ''
  }
}

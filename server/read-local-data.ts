/**
 * Opens the local backend's PGlite data directory for a script that reads it (`npm run
 * submissions`, `npm run results`). While a backend process holds the directory, the script reads
 * a copy of it (PGlite cannot share a directory between processes), so what is being written at
 * that very moment may be missing from the copy.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { lockDataDir, lockHolder } from './data-dir-lock.ts'
import { openLocalDatabase } from './local-database.ts'

export async function readLocalData<T>(dir: string, read: (db: PGlite) => Promise<T>): Promise<T> {
  const holder = lockHolder(dir)
  const copy = holder === null ? null : mkdtempSync(join(tmpdir(), 'local-data-'))
  if (copy !== null) {
    console.error(`Backend process ${holder} holds ${dir}; reading a copy.`)
    cpSync(dir, join(copy, 'pglite'), { recursive: true })
  }
  const lock = copy === null ? lockDataDir(dir) : null
  const db = await openLocalDatabase(copy === null ? dir : join(copy, 'pglite'))
  try {
    return await read(db)
  } finally {
    await db.close()
    lock?.release()
    if (copy !== null) rmSync(copy, { recursive: true, force: true })
  }
}

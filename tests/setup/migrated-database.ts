// One database migrated for a whole test run, dumped to a file (PGlite's dumpDataDir): a backend
// the tests start, in memory or in a new data folder, loads it (LocalBackendOptions.startFrom)
// instead of creating and migrating a database of its own: about 0.7 s of CPU against 2.5 s. The
// migrations still run on every database opened (they find nothing to do); the tests of creating
// and migrating a folder create theirs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { runMigrations } from '../../server/migrate'

/** Makes the run's migrated database (a global set-up's): its file, and how to remove it. */
export async function makeMigratedDatabase(): Promise<{ file: string; remove(): void }> {
  const folder = mkdtempSync(join(tmpdir(), 'migrated-'))
  const file = join(folder, 'migrated.tar')
  const db = await PGlite.create('memory://', { relaxedDurability: false })
  try {
    await runMigrations(db)
    writeFileSync(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()))
  } finally {
    await db.close()
  }
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) }
}

let migrated: Blob | undefined
/** The run's migrated database, for a test's backend to start from (read once a worker). */
export function migratedDatabase(): Blob {
  migrated ??= new Blob([readFileSync(inject('migratedDatabase'))])
  return migrated
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder's dump, migrated (PGlite's dumpDataDir). */
    migratedDatabase: string
  }
}

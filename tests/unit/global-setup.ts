// One database migrated for the whole unit run (tests/setup/migrated-database.ts): the backend
// tests start each of their throwaway databases from it (tests/unit/backend/helpers.ts) instead of
// creating and migrating one each, about 2 s of CPU each time against 0.6 s to load the dump. The
// migrations still run on every database the tests open (they find nothing to do). Data folders
// on disk start from it too (migratedDiskBackend, migratedDataDir), except where creating and
// migrating a new folder is what a test checks (persistence.test.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { makeMigratedDatabase } from '../setup/migrated-database'

export default async function setup(project: TestProject) {
  const migrated = await makeMigratedDatabase()
  project.provide('migratedDatabase', migrated.file)
  // The run's scratch folder (tests/unit/scratch.ts), removed with what the tests left in it.
  const scratch = mkdtempSync(join(tmpdir(), 'unit-scratch-'))
  project.provide('unitScratch', scratch)
  return () => {
    migrated.remove()
    rmSync(scratch, { recursive: true, force: true })
  }
}

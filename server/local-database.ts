// The embedded backend's PostgreSQL (PGlite), opened alike by the backend and by the scripts that
// read or maintain its data folder.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import type { SqlClient } from '../supabase/functions/_shared/store.ts'

/**
 * PostgreSQL's shared buffers: 16 MB, where the configuration initdb writes into every PGlite
 * data folder asks for 128 MB. PostgreSQL sets every buffer up as it starts, and the local
 * backend holds a few thousand rows at most, which either size keeps in memory: measured side by
 * side, ten starts from the same migrated database each, a start took a median 470 ms of CPU
 * against 624 ms. The tests start some seventy backends a run.
 */
const SHARED_BUFFERS = '16MB'

/** PGlite on `dataDir` (a folder, or `memory://`), with the embedded backend's settings. */
export function openLocalDatabase(dataDir: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    ...options,
  })
}

/** The functions' minimal SQL client over PGlite: the statements postgres.js runs hosted. */
export function pgliteClient(db: PGlite): SqlClient {
  return {
    async query<Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) {
      return (await db.query<Row>(text, [...params])).rows
    },
  }
}

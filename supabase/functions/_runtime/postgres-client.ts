/**
 * SqlClient over postgres.js for the hosted functions (Deno only: "postgres"
 * is mapped to npm:postgres by supabase/functions/deno.json and is not a Node
 * dependency of the site).
 */
import postgres from 'postgres'
import type { SqlClient } from '../_shared/store.ts'

export function createPostgresClient(databaseUrl: string): SqlClient {
  const sql = postgres(databaseUrl, {
    // Supabase's pooler runs in transaction mode, where prepared statements break.
    prepare: false,
    max: 3,
    idle_timeout: 20,
  })
  return {
    async query<Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) {
      // deno-lint-ignore no-explicit-any -- postgres.js types parameters narrowly; values come from the validated row
      // biome-ignore lint/suspicious/noExplicitAny: as above
      const rows = await sql.unsafe(text, params as any[])
      return rows as unknown as Row[]
    },
  }
}

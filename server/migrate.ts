/**
 * Applies supabase/migrations/*.sql to a PGlite database, each file once and in
 * name order (the Supabase CLI's order), recording applied files in _migrations.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../supabase/migrations/', import.meta.url))

export async function runMigrations(db: PGlite, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`create table if not exists _migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`)
  const applied = new Set(
    (await db.query<{ name: string }>('select name from _migrations')).rows.map((row) => row.name),
  )
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  const newlyApplied: string[] = []
  for (const name of files) {
    if (applied.has(name)) continue
    const sql = await readFile(join(dir, name), 'utf8')
    // File and bookkeeping commit together, so a crash never leaves a half-applied file recorded.
    await db.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('insert into _migrations (name) values ($1)', [name])
    })
    newlyApplied.push(name)
  }
  return newlyApplied
}

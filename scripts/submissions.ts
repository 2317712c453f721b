/**
 * Prints the leads and job applications stored by the local backend.
 *
 *   tsx scripts/submissions.ts [--json] [--data-dir .data/pglite]
 *
 * Each record shows its notifications: per channel, delivered (when, after how
 * many attempts), pending (attempts, next try, last error) or dead (last error).
 *
 * Résumé bytes are never printed, only their name, type and size. While a
 * backend process holds the data directory, the script reads a copy of it
 * (PGlite cannot share a directory between processes), so a submission in
 * flight at that very moment may be missing from the output.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readLocalData } from '../server/read-local-data.ts'
import { loadSiteForms } from '../server/site-forms.ts'
import { type StoredSubmissions, storedSubmissionsIn } from '../server/stored-submissions.ts'

// The forms of the site in the working folder (its forms/registry.ts).
const { forms: FORMS } = await loadSiteForms(process.cwd())

type Row = Record<string, unknown>

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: process.env.BACKEND_DATA_DIR ?? '.data/pglite' },
  },
})
const dataDir = resolve(values['data-dir']!)

if (!existsSync(join(dataDir, 'PG_VERSION'))) {
  console.error(`No database at ${dataDir} (nothing submitted yet, or another --data-dir).`)
  process.exit(1)
}

const { leads, applications } = await readSubmissions(dataDir)
if (values.json) {
  console.log(JSON.stringify({ leads, applications }, null, 2))
} else {
  printTable(`Leads (${leads.length})`, leads, [
    'created_at',
    'form',
    'name',
    'email',
    'phone',
    'service',
    'city',
    'page',
    'message',
    'notified',
  ])
  printTable(`Job applications (${applications.length})`, applications, [
    'created_at',
    'first_name',
    'last_name',
    'email',
    'phone',
    'city',
    'state',
    'position_type',
    'security_experience',
    'resume',
    'notified',
  ])
}

function readSubmissions(dir: string): Promise<StoredSubmissions> {
  return readLocalData(dir, (db) => storedSubmissionsIn(db, FORMS))
}

function printTable(title: string, data: Row[], columns: string[]): void {
  console.log(`\n${title}`)
  if (data.length === 0) {
    console.log('  (none)')
    return
  }
  const cells = data.map((row) => columns.map((column) => cell(row, column)))
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i].length)))
  const line = (values: string[]) => `  ${values.map((value, i) => value.padEnd(widths[i])).join('  ')}`.trimEnd()
  console.log(line(columns))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const values of cells) console.log(line(values))
}

function cell(row: Row, column: string): string {
  if (column === 'resume') {
    if (!row.resume_file_name) return '-'
    return `${row.resume_file_name} (${formatSize(Number(row.resume_size))})`
  }
  if (column === 'notified') return notified(row.notifications as Notification[])
  const value = row[column]
  if (value === null || value === undefined) return '-'
  const text = column === 'created_at' ? String(value).slice(0, 19).replace('T', ' ') : String(value)
  const flat = text.replace(/\s+/g, ' ')
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat
}

interface Notification {
  channel: string
  status: 'pending' | 'delivered' | 'dead'
  attempts: number
  delivered_at: string | null
  next_attempt_at: string
  last_error: string | null
}

function notified(notifications: Notification[]): string {
  if (notifications.length === 0) return '-'
  const time = (value: string | null) => (value ? value.slice(0, 19).replace('T', ' ') : '?')
  const attempts = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`
  return notifications
    .map((n) => {
      if (n.status === 'delivered') return `${n.channel} delivered ${time(n.delivered_at)} (${attempts(n.attempts)})`
      if (n.status === 'dead') return `${n.channel} DEAD after ${attempts(n.attempts)}: ${n.last_error ?? '?'}`
      const last = n.last_error ? `, last: ${n.last_error}` : ''
      return `${n.channel} pending (${attempts(n.attempts)}, next ${time(n.next_attempt_at)}${last})`
    })
    .join('; ')
}

function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return '?'
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`
}

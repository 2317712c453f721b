/** Where the forms' records go, and validated form fields mapped onto table columns (camelCase to snake_case). */
import type { FormPurpose, FormRegistry } from '../../../common/forms/define.ts'
import type { ColumnValue, StoredRow } from './store.ts'

const IDENTIFIER = /^[a-z][a-z0-9_]*$/

/** The tables the forms store in, each with what its records count as and whether they hold files. */
export function recordTables(forms: FormRegistry): { table: string; counts: FormPurpose; files: boolean }[] {
  const tables = new Map<string, { table: string; counts: FormPurpose; files: boolean }>()
  for (const [kind, form] of Object.entries(forms)) {
    if (!IDENTIFIER.test(form.table)) throw new Error(`Refusing table name ${JSON.stringify(form.table)}`)
    const known = tables.get(form.table)
    if (known && known.counts !== form.counts) {
      throw new Error(`${kind} counts as ${form.counts}, but ${form.table} holds ${known.counts} records`)
    }
    tables.set(form.table, { table: form.table, counts: form.counts, files: (known?.files ?? false) || !!form.file })
  }
  return [...tables.values()]
}

export interface StoredResume {
  fileName: string
  mime: string
  size: number
  /** Object path in the private `resumes` bucket (hosted). */
  path?: string
  /** The bytes themselves, kept in resume_data (local backend). */
  data?: Uint8Array
}

/** Form fields that are not stored as columns of their own. */
const NOT_STORED = new Set(['website'])

export function toRow(
  fields: Readonly<Record<string, unknown>>,
  extra: { ipHash: string; requestHash: string; resume?: StoredResume },
): StoredRow {
  const row: Record<string, ColumnValue> = { ip_hash: extra.ipHash, request_hash: extra.requestHash }
  for (const [name, value] of Object.entries(fields)) {
    if (NOT_STORED.has(name) || value === undefined) continue
    row[columnName(name)] = value as ColumnValue
  }
  if (extra.resume) {
    row.resume_file_name = extra.resume.fileName
    row.resume_mime = extra.resume.mime
    row.resume_size = extra.resume.size
    if (extra.resume.path !== undefined) row.resume_path = extra.resume.path
    if (extra.resume.data !== undefined) row.resume_data = extra.resume.data
  }
  return row
}

export function columnName(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

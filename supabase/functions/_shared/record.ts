/** Maps validated form fields onto table columns (camelCase to snake_case). */
import type { ColumnValue, StoredRow } from './store.ts'

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

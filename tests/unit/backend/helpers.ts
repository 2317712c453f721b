// Shared fixtures for the backend tests: an in-memory local backend, valid
// submissions and résumé files: real (tiny) documents and forged ones.
import { existsSync } from 'node:fs'
import { strToU8, zipSync } from 'fflate'
import { FORMS, type FormKind } from '../../../forms/registry.ts'
import { createLocalBackend, type LocalBackend, type LocalBackendOptions } from '../../../server/local-backend.ts'
import { migratedDatabase } from '../../setup/migrated-database.ts'

export const ORIGIN = 'http://localhost:5173'
export const BASE = 'http://127.0.0.1:54321/functions/v1'

export type Fields = Record<string, unknown>

export function newKey(): string {
  return crypto.randomUUID()
}

export async function memoryBackend(env: Record<string, string> = {}): Promise<LocalBackend> {
  return migratedMemoryBackend({ env: { RATE_LIMIT_MAX: '0', RATE_LIMIT_EMAIL_MAX: '0', ...env } })
}

/** A local backend on a throwaway database, started from the run's migrated one. */
export function migratedMemoryBackend(options: Omit<LocalBackendOptions, 'dataDir' | 'startFrom'>) {
  return createLocalBackend({ ...options, dataDir: 'memory://', startFrom: migratedDatabase() })
}

/**
 * A local backend on a new data directory on disk, started from the run's migrated database
 * (about 0.9 s of CPU against 3.3 s to create and migrate one): for the tests whose point is
 * what happens on disk (restarts, scripts reading the folder), not creating it. The tests of
 * creating and migrating a new folder (persistence.test.ts) create theirs.
 */
export function migratedDiskBackend(options: Omit<LocalBackendOptions, 'startFrom'>) {
  if (existsSync(options.dataDir)) throw new Error(`${options.dataDir} exists: a migrated backend starts a new folder`)
  return createLocalBackend({ ...options, startFrom: migratedDatabase() })
}

/** A new data directory on disk holding the run's migrated database, for a backend another process opens. */
export async function migratedDataDir(dataDir: string): Promise<void> {
  await (await migratedDiskBackend({ dataDir })).close()
}

export function goodLead(overrides: Fields = {}): Fields {
  return {
    name: 'Jane Smith',
    email: 'jane@example.com',
    phone: '(407) 555-0123',
    service: 'executive-protection',
    message: 'We need a detail for a board meeting on <b>Friday</b>.',
    idempotencyKey: newKey(),
    ...overrides,
  }
}

/** A quote request as a landing page sends it: the service and the city preset by the page. */
export function goodQuote(overrides: Fields = {}): Fields {
  return {
    name: 'Jane Smith',
    phone: '(407) 555-0123',
    service: 'executive-protection',
    city: 'Orlando',
    page: '/orlando-security-services',
    idempotencyKey: newKey(),
    ...overrides,
  }
}

export function goodApplication(overrides: Fields = {}): Fields {
  return {
    firstName: 'John',
    lastName: 'Doe',
    email: 'john.doe@example.com',
    phone: '407-555-0199',
    address: '123 Main St',
    city: 'Orlando',
    state: 'FL',
    zipCode: '32801',
    positionType: 'full-time',
    shiftAvailability: 'night-shift',
    workedForCompanyBefore: 'no',
    usCitizen: 'yes',
    hasHighSchoolDiploma: 'yes',
    speaksEnglish: 'yes',
    otherLanguages: 'no',
    hasDriversLicense: 'yes',
    licenseSuspended: 'no',
    driversLicenseNumber: 'D123-456-78-901-0',
    felonyConviction: 'no',
    misdemeanorConviction: 'no',
    criminalInvestigation: 'no',
    recentDrugUse: 'no',
    everUsedDrugs: 'no',
    marijuanaUse: 'no',
    militaryService: 'none',
    employerDiscipline: 'no',
    jobTermination: 'no',
    floridaLicenses: ['florida-d', 'florida-g'],
    securityLicenseNumber: 'D1234567',
    additionalCertifications: 'N/A',
    securityExperience: 4,
    idempotencyKey: newKey(),
    ...overrides,
  }
}

export function jsonRequest(kind: FormKind, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}/${FORMS[kind].functionName}`, {
    method: 'POST',
    headers: withoutEmpty({ 'content-type': 'application/json', origin: ORIGIN, ...headers }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export function multipartRequest(
  kind: FormKind,
  fields: Fields,
  resume?: { bytes: Uint8Array; name: string; type?: string },
  headers: Record<string, string> = {},
): Request {
  const form = new FormData()
  form.set('payload', JSON.stringify(fields))
  if (resume) form.set('resume', new File([resume.bytes as BlobPart], resume.name, { type: resume.type ?? '' }))
  return new Request(`${BASE}/${FORMS[kind].functionName}`, {
    method: 'POST',
    headers: withoutEmpty({ origin: ORIGIN, ...headers }),
    body: form,
  })
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0))

function file(prefix: number[], size = 2048): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x20)
  bytes.set(prefix, 0)
  return bytes
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'
const MACRO_MAIN = 'application/vnd.ms-word.document.macroEnabled.main+xml'

function contentTypes(mainType: string, partName = '/word/document.xml'): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="${partName}" ContentType="${mainType}"/>
</Types>`
}

/** A zip as Word writes it (deflated entries), with the entries given. */
export function zip(entries: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, strToU8(text)])), { level: 6 })
}

const DOCUMENT = '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'

export const files = {
  pdf: () => file(ascii('%PDF-1.7\n')),
  /** A legacy Word 97-2003 file: Compound File magic. */
  doc: () => file([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  docx: () => zip({ '[Content_Types].xml': contentTypes(WORD_MAIN), 'word/document.xml': DOCUMENT }),
  /** Only a byte search would take this for Word: "password/" contains "word/". */
  passwordFolderZip: () => zip({ 'password/list.txt': 'hunter2', 'readme.txt': 'not a document' }),
  /** Declares a Word main part that is not in the archive. */
  docxWithoutMainPart: () => zip({ '[Content_Types].xml': contentTypes(WORD_MAIN), 'word/other.xml': DOCUMENT }),
  /** A .docx carrying a VBA project. */
  docxWithVba: () =>
    zip({
      '[Content_Types].xml': contentTypes(WORD_MAIN),
      'word/document.xml': DOCUMENT,
      'word/vbaProject.bin': 'Attribute VB_Name = "NewMacros"',
    }),
  /** A macro-enabled .docm renamed to .docx: its main part says so. */
  docm: () => zip({ '[Content_Types].xml': contentTypes(MACRO_MAIN), 'word/document.xml': DOCUMENT }),
  // A zip that is not a Word file (an .xlsx has xl/ entries instead of word/).
  xlsx: () =>
    zip({
      '[Content_Types].xml': contentTypes('application/vnd.ms-excel.main+xml', '/xl/workbook.xml'),
      'xl/workbook.xml': '<workbook/>',
    }),
  png: () => file([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  html: () => file(ascii('<html><script>alert(1)</script>')),
}

// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
export type Answer = Record<string, any>

export async function body(response: Response): Promise<Answer> {
  return (await response.json()) as Answer
}

export function paths(result: Answer): string[] {
  return (result.fields ?? []).map((field: { path: string }) => field.path)
}

export async function count(backend: LocalBackend, table: string): Promise<number> {
  const result = await backend.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)
  return result.rows[0].n
}

/** An empty value leaves the header out, e.g. { origin: "" } for a request without Origin. */
function withoutEmpty(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''))
}

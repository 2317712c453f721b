// Shared fixtures for the backend tests: an in-memory local backend, valid
// submissions and résumé files with the right (or wrong) first bytes.
import { createLocalBackend, type LocalBackend } from '../../../server/local-backend.ts'

export const ORIGIN = 'http://localhost:5173'
export const BASE = 'http://127.0.0.1:54321/functions/v1'

export type Fields = Record<string, unknown>

export function newKey(): string {
  return crypto.randomUUID()
}

export async function memoryBackend(env: Record<string, string> = {}): Promise<LocalBackend> {
  return createLocalBackend({ dataDir: 'memory://', env: { RATE_LIMIT_MAX: '0', ...env } })
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

export function jsonRequest(
  kind: 'lead' | 'application',
  body: unknown,
  headers: Record<string, string> = {},
): Request {
  return new Request(`${BASE}/submit-${kind === 'lead' ? 'lead' : 'application'}`, {
    method: 'POST',
    headers: withoutEmpty({ 'content-type': 'application/json', origin: ORIGIN, ...headers }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export function multipartRequest(
  kind: 'lead' | 'application',
  fields: Fields,
  resume?: { bytes: Uint8Array; name: string; type?: string },
  headers: Record<string, string> = {},
): Request {
  const form = new FormData()
  form.set('payload', JSON.stringify(fields))
  if (resume) form.set('resume', new File([resume.bytes as BlobPart], resume.name, { type: resume.type ?? '' }))
  return new Request(`${BASE}/submit-${kind === 'lead' ? 'lead' : 'application'}`, {
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

export const files = {
  pdf: () => file(ascii('%PDF-1.7\n')),
  doc: () => file([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  docx: () => file([0x50, 0x4b, 0x03, 0x04, ...new Array(26).fill(0), ...ascii('word/document.xml')]),
  // A zip that is not a Word file (an .xlsx has xl/ entries instead of word/).
  xlsx: () => file([0x50, 0x4b, 0x03, 0x04, ...new Array(26).fill(0), ...ascii('xl/workbook.xml')]),
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

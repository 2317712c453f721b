/**
 * Reads a submission body within fixed limits. Two contracts:
 *  - application/json: the fields object;
 *  - multipart/form-data: a `payload` part holding that JSON, plus an optional
 *    file part `resume`.
 * The body is read as a capped stream, so a client lying about (or omitting)
 * Content-Length cannot make the function buffer more than the cap.
 */
import type { FieldError } from './validate.ts'

export const LIMITS = {
  fieldsBytes: 64 * 1024,
  resumeBytes: 5 * 1024 * 1024,
  /** Room for multipart boundaries and part headers around the two parts. */
  multipartOverheadBytes: 16 * 1024,
} as const

export interface UploadedFile {
  /** As sent by the browser; sanitise before storing. */
  name: string
  bytes: Uint8Array
}

export interface Submission {
  fields: Record<string, unknown>
  resume?: UploadedFile
}

export type BodyResult =
  | { ok: true; submission: Submission }
  | { ok: false; status: number; error: string; fields?: FieldError[] }

const RESUME_TOO_LARGE: FieldError = { path: '/resume', message: 'The résumé must be 5 MB or smaller.' }

export function mediaType(req: Request): string {
  return (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
}

export function isSupportedMediaType(type: string): boolean {
  return type === 'application/json' || type === 'multipart/form-data'
}

export async function readSubmission(req: Request): Promise<BodyResult> {
  const multipart = mediaType(req) === 'multipart/form-data'
  const cap = multipart ? LIMITS.fieldsBytes + LIMITS.resumeBytes + LIMITS.multipartOverheadBytes : LIMITS.fieldsBytes
  const tooLarge: BodyResult = multipart
    ? { ok: false, status: 413, error: 'The request is too large.', fields: [RESUME_TOO_LARGE] }
    : { ok: false, status: 413, error: 'The form data is too large (64 KB at most).' }

  const declared = Number(req.headers.get('content-length') ?? 'NaN')
  if (Number.isFinite(declared) && declared > cap) return tooLarge
  const bytes = await readCapped(req.body, cap)
  if (bytes === null) return tooLarge
  return multipart ? parseMultipart(bytes, req.headers.get('content-type') ?? '') : parseJson(bytes)
}

export async function readCapped(body: ReadableStream<Uint8Array> | null, cap: number): Promise<Uint8Array | null> {
  if (body === null) return new Uint8Array(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > cap) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function parseJson(bytes: Uint8Array): BodyResult {
  return parseFields(new TextDecoder().decode(bytes))
}

/**
 * Keys that reach an object's prototype machinery once copied with `obj[key] = …`;
 * a form never sends them, so they are refused rather than cleaned.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

class PrototypeKeyError extends Error {
  constructor(readonly key: string) {
    super(key)
  }
}

function parseFields(text: string): BodyResult {
  let value: unknown
  try {
    value = JSON.parse(text, (key, nested) => {
      if (PROTOTYPE_KEYS.has(key)) throw new PrototypeKeyError(key)
      return nested
    })
  } catch (error) {
    if (error instanceof PrototypeKeyError) {
      return { ok: false, status: 400, error: `The form data may not contain the key "${error.key}".` }
    }
    return { ok: false, status: 400, error: 'The request body is not valid JSON.' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, status: 400, error: 'The request body must be a JSON object of form fields.' }
  }
  return { ok: true, submission: { fields: value as Record<string, unknown> } }
}

async function parseMultipart(bytes: Uint8Array, contentType: string): Promise<BodyResult> {
  let form: FormData
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'content-type': contentType } }).formData()
  } catch {
    return { ok: false, status: 400, error: 'The multipart body could not be read.' }
  }
  const unexpected = [...new Set(form.keys())].filter((name) => name !== 'payload' && name !== 'resume')
  if (unexpected.length > 0) {
    return {
      ok: false,
      status: 400,
      error: 'Please correct the highlighted fields.',
      fields: unexpected.map((name) => ({ path: `/${name}`, message: `"${name}" is not a part of this form.` })),
    }
  }
  const payloads = form.getAll('payload')
  // A file input left empty is still sent: as a nameless empty file, or (from
  // some clients) as an empty text part.
  const resumes = form
    .getAll('resume')
    .filter((part) => (typeof part === 'string' ? part !== '' : part.size > 0 || part.name !== ''))
  const payload = payloads[0]
  if (payloads.length !== 1 || typeof payload !== 'string') {
    return { ok: false, status: 400, error: 'A multipart submission needs exactly one text part named payload.' }
  }
  if (new TextEncoder().encode(payload).byteLength > LIMITS.fieldsBytes) {
    return { ok: false, status: 413, error: 'The form data is too large (64 KB at most).' }
  }
  const parsed = parseFields(payload)
  if (!parsed.ok) return parsed
  if (resumes.length > 1 || resumes.some((part) => typeof part === 'string')) {
    return {
      ok: false,
      status: 400,
      error: 'Please correct the highlighted fields.',
      fields: [{ path: '/resume', message: 'Attach a single résumé file.' }],
    }
  }
  const file = resumes[0] as File | undefined
  if (file === undefined) return parsed
  if (file.size > LIMITS.resumeBytes) {
    return { ok: false, status: 413, error: 'The request is too large.', fields: [RESUME_TOO_LARGE] }
  }
  const resume = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
  return { ok: true, submission: { fields: parsed.submission.fields, resume } }
}

/**
 * The one request handler behind submit-lead and submit-application, run by the
 * Deno entrypoints on Supabase and by the local Node backend alike.
 */
import { isSupportedMediaType, mediaType, readSubmission } from './body.ts'
import { clientIpOf, hashIp } from './client-ip.ts'
import { stripInactiveConditionals } from './conditional.ts'
import { type Env, FALLBACK_SALT, readConfig } from './config.ts'
import { corsHeaders, isOriginAllowed, preflightHeaders } from './cors.ts'
import { type StoredResume, toRow } from './record.ts'
import { errorResponse, json } from './responses.ts'
import { detectResumeType, sanitizeFileName } from './resume.ts'
import { inlineResumeSaver, type ResumeSaver } from './resume-storage.ts'
import { type SubmissionKind, schemas } from './schemas.ts'
import type { SubmissionStore } from './store.ts'
import { createValidator } from './validate.ts'

export interface SubmitHandlerOptions {
  kind: SubmissionKind
  store: SubmissionStore
  env?: Env
  /** Where résumé bytes go; defaults to the row itself (resume_data). */
  saveResume?: ResumeSaver
  /** Clock for the rate-limit window (tests). */
  now?: () => number
  /** Server-side error log; the client only ever sees "Internal error". */
  logError?: (message: string, error: unknown) => void
}

/** `clientIp` is the socket address, used when no x-forwarded-for header is present. */
export type SubmitHandler = (req: Request, clientIp?: string) => Promise<Response>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FIX_FIELDS = 'Please correct the highlighted fields.'

export function createSubmitHandler(options: SubmitHandlerOptions): SubmitHandler {
  const { kind, store } = options
  const config = readConfig(options.env ?? {})
  const schema = schemas[kind]
  const validate = createValidator(schema)
  const saveResume = options.saveResume ?? inlineResumeSaver
  const now = options.now ?? Date.now
  const logError = options.logError ?? ((message, error) => console.error(message, error))
  if (config.ipHashSalt === FALLBACK_SALT) {
    console.warn(`[submit-${kind}] IP_HASH_SALT is not set; using a fixed salt.`)
  }

  return async (req, clientIp) => {
    const origin = req.headers.get('origin')
    const allowed = isOriginAllowed(origin, config.allowedOrigins, req.url)
    const cors = corsHeaders(origin, allowed)

    if (req.method === 'OPTIONS') {
      return new Response(null, { status: allowed ? 204 : 403, headers: preflightHeaders(origin, allowed) })
    }
    if (!allowed) return errorResponse(403, 'This origin may not submit forms here.', cors)
    if (req.method !== 'POST') {
      return errorResponse(405, 'Only POST is accepted.', { ...cors, Allow: 'POST, OPTIONS' })
    }
    if (!isSupportedMediaType(mediaType(req))) {
      return errorResponse(415, 'Send the form as application/json or multipart/form-data.', cors)
    }

    try {
      const body = await readSubmission(req)
      if (!body.ok) return errorResponse(body.status, body.error, cors, body.fields)
      const { resume } = body.submission
      const fields = normalise(body.submission.fields)
      // The body's key wins; the header is the fallback the front end also sends.
      fields.idempotencyKey ??= headerKey(req)
      const key =
        typeof fields.idempotencyKey === 'string' && UUID.test(fields.idempotencyKey)
          ? fields.idempotencyKey.toLowerCase()
          : null

      // A retry of a stored submission gets the first answer, and is not rate limited.
      if (key !== null) {
        const existing = await store.findId(kind, key)
        if (existing !== null) return json(201, { ok: true, id: existing }, cors)
      }

      const ipHash = await hashIp(clientIpOf(req, clientIp), config.ipHashSalt)
      if (config.rateLimitMax > 0) {
        const windowMs = config.rateLimitWindowSeconds * 1000
        const windowStart = Math.floor(now() / windowMs) * windowMs
        const hits = await store.countHit(kind, ipHash, new Date(windowStart))
        if (hits > config.rateLimitMax) {
          const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now()) / 1000))
          return errorResponse(429, 'Too many submissions from your network. Please try again later.', {
            ...cors,
            'Retry-After': String(retryAfter),
          })
        }
      }

      // Honeypot: people never see the field, bots fill it. Answer as if stored.
      if (fields.website !== undefined) return json(200, { ok: true }, cors)

      // Field and file problems are reported together, so one round trip shows them all.
      const checked = validate(fields)
      const resumeType = resume ? detectResumeType(resume.bytes) : null
      const problems = [
        ...(checked.ok ? [] : checked.fields),
        ...(resume && kind !== 'application' ? [{ path: '/resume', message: 'This form does not take files.' }] : []),
        ...(resume && kind === 'application' && resumeType === null
          ? [{ path: '/resume', message: 'The résumé must be a PDF, DOC or DOCX file.' }]
          : []),
      ]
      if (problems.length > 0) return errorResponse(400, FIX_FIELDS, cors, problems)
      // The schema's uuid format also admits a "urn:uuid:" prefix; the column does not.
      if (key === null) {
        return errorResponse(400, FIX_FIELDS, cors, [
          { path: '/idempotencyKey', message: 'Submission key must be a plain UUID.' },
        ])
      }

      let storedResume: StoredResume | undefined
      if (resume && resumeType) {
        const fileName = sanitizeFileName(resume.name, resumeType.extension)
        const saved = await saveResume({ bytes: resume.bytes, fileName, type: resumeType, idempotencyKey: key })
        storedResume = { fileName, mime: resumeType.mime, size: resume.bytes.byteLength, ...saved }
      }

      const kept = stripInactiveConditionals(schema, { ...fields, idempotencyKey: key })
      const { id } = await store.insert(kind, toRow(kept, { ipHash, resume: storedResume }))
      return json(201, { ok: true, id }, cors)
    } catch (error) {
      logError(`[submit-${kind}] request failed`, error)
      return errorResponse(500, 'Internal error', cors)
    }
  }
}

/** Trims text and drops empty answers, so "   " counts as missing rather than as an answer. */
function normalise(fields: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(fields)) {
    const cleaned = typeof value === 'string' ? value.trim() : value
    if (cleaned === '' || cleaned === null || cleaned === undefined) continue
    result[name] = cleaned
  }
  return result
}

function headerKey(req: Request): string | undefined {
  return req.headers.get('idempotency-key') ?? req.headers.get('x-idempotency-key') ?? undefined
}

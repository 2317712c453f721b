/**
 * The one request handler behind submit-lead and submit-application, run by the
 * Deno entrypoints on Supabase and by the local Node backend alike.
 */

import { stripInactiveConditionals } from '../../../common/forms/conditional.ts'
import { rateLimitWindow } from '../../../common/rate-limit.ts'
import { FORMS } from '../../../forms/registry.ts'
import { wordingOf } from '../../../forms/wording/index.ts'
import { isSupportedMediaType, mediaType, readSubmission, type UploadedFile } from './body.ts'
import { clientIpOf, saltedHash } from './client-ip.ts'
import { type Env, FALLBACK_SALT, readConfig } from './config.ts'
import { admitPost } from './cors.ts'
import { type FailureSummary, isBadDataError, summarise } from './db-errors.ts'
import { channelOf } from './measurement/channel.ts'
import type { ChannelName } from './notifications/config.ts'
import { pendingPayload } from './notifications/payload.ts'
import { type StoredResume, toRow } from './record.ts'
import { errorResponse, json } from './responses.ts'
import { inspectResume, type ResumeType, sanitizeFileName } from './resume.ts'
import { inlineResumeStorage, type ResumeStorage, type SavedResume } from './resume-storage.ts'
import { type SubmissionKind, schemas } from './schemas.ts'
import type { KeyClaim, KeyState, SubmissionStore } from './store.ts'
import { createValidator } from './validate.ts'

export interface SubmitHandlerOptions {
  kind: SubmissionKind
  store: SubmissionStore
  env?: Env
  /** Where résumé bytes go; defaults to the row itself (resume_data). */
  resumes?: ResumeStorage
  /** Clock for the rate-limit window, claim leases and key pruning (tests). */
  now?: () => number
  /** Server-side failure log: SQLSTATE code and constraint name only, never row data. */
  logError?: (message: string, failure: FailureSummary) => void
  /** Channels to queue a notification on, in the same statement as the record (none: nothing is queued). */
  notifyChannels?: readonly ChannelName[]
  /**
   * Called once a new record and its notifications are committed, for the immediate delivery
   * attempt; it must not delay the answer (Supabase: EdgeRuntime.waitUntil).
   */
  afterCommit?: (stored: { kind: SubmissionKind; id: string }) => void
}

/** `clientIp` is the TCP peer's address as the server saw it. */
export type SubmitHandler = (req: Request, clientIp?: string) => Promise<Response>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FIX_FIELDS = 'Please correct the highlighted fields.'
/** Claims (Stripe's 24 hours) and rate-limit windows are kept this long, then pruned. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000
const PRUNE_EVERY_MS = 60 * 60 * 1000
/** Longer than any request may take (a 5 MB upload included): a claim locked longer was abandoned. */
const CLAIM_LEASE_MS = 2 * 60 * 1000

export function createSubmitHandler(options: SubmitHandlerOptions): SubmitHandler {
  const { kind, store } = options
  const config = readConfig(options.env ?? {})
  const schema = schemas[kind]
  const takesFile = FORMS[kind].file !== undefined
  const validate = createValidator(schema, FORMS[kind].translations)
  const resumes = options.resumes ?? inlineResumeStorage
  const now = options.now ?? Date.now
  const logError = options.logError ?? ((message, failure) => console.error(message, failure))
  if (config.ipHashSalt === FALLBACK_SALT) {
    console.warn(`[${FORMS[kind].functionName}] IP_HASH_SALT is not set; using a fixed salt.`)
  }
  /** Requests with one key run one after the other in this process, so a double click waits for the first answer. */
  const inFlight = new Map<string, Promise<unknown>>()
  let nextPrune = 0

  return async (req, clientIp) => {
    const { cors, answer } = admitPost(req, config.allowedOrigins, 'This origin may not submit forms here.')
    if (answer) return answer
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
      if (typeof fields.idempotencyKey === 'string') fields.idempotencyKey = fields.idempotencyKey.toLowerCase()

      // What is validated is exactly what is stored: answers to hidden questions go first.
      const kept = stripInactiveConditionals(schema, fields)
      const checked = validate(kept)
      const resumeCheck = resume && takesFile ? await inspectResume(resume.bytes) : null
      // Field and file problems are reported together, so one round trip shows them all.
      const words = wordingOf(kept.locale)
      const problems = [
        ...(checked.ok ? [] : checked.fields),
        ...(resume && !takesFile ? [{ path: '/resume', message: words.noFiles }] : []),
        ...(resumeCheck && !resumeCheck.ok ? [{ path: '/resume', message: words[resumeCheck.reason] }] : []),
      ]
      if (problems.length > 0) return errorResponse(400, FIX_FIELDS, cors, problems)
      // The schema's uuid format also admits a "urn:uuid:" prefix; the column does not.
      const key = typeof kept.idempotencyKey === 'string' && UUID.test(kept.idempotencyKey) ? kept.idempotencyKey : null
      if (key === null) {
        return errorResponse(400, FIX_FIELDS, cors, [
          { path: '/idempotencyKey', message: 'Submission key must be a plain UUID.' },
        ])
      }
      const file = resume && resumeCheck?.ok ? { upload: resume, type: resumeCheck.type } : undefined
      const submission: Checked = {
        fields: withChannel(kept),
        key,
        file,
        requestHash: await requestHash(kept, resume?.bytes),
      }

      for (let waiting = inFlight.get(key); waiting; waiting = inFlight.get(key)) await waiting.catch(() => {})
      const running = submit(submission, req, clientIp, cors)
      inFlight.set(key, running)
      try {
        return await running
      } finally {
        inFlight.delete(key)
      }
    } catch (error) {
      const failure = summarise(error)
      logError(`[${FORMS[kind].functionName}] request failed`, failure)
      if (isBadDataError(failure)) {
        return errorResponse(400, 'Some answers could not be stored as sent. Please check them and try again.', cors)
      }
      return errorResponse(500, 'Internal error', cors)
    }
  }

  interface Checked {
    fields: Record<string, unknown>
    key: string
    file?: { upload: UploadedFile; type: ResumeType }
    requestHash: string
  }

  async function submit(
    submission: Checked,
    req: Request,
    clientIp: string | undefined,
    cors: Record<string, string>,
  ): Promise<Response> {
    const { fields, key, requestHash } = submission
    const claim: KeyClaim = { kind, key, requestHash, now: new Date(now()), leaseMs: CLAIM_LEASE_MS }
    if (now() >= nextPrune) {
      nextPrune = now() + PRUNE_EVERY_MS
      await store.pruneDayOld(new Date(now() - KEY_TTL_MS))
    }
    // A retry of a stored submission gets the first answer, and is not rate limited.
    const known = await store.peekKey(claim)
    if (known !== null && known.state !== 'busy') return answerFor(known, cors)

    const ipHash = await saltedHash(clientIpOf(req, clientIp, config.clientIp), config.ipHashSalt)
    const limited = await rateLimited(ipHash, typeof fields.email === 'string' ? fields.email : undefined, cors)
    if (limited) return limited

    const honeypot = fields.website !== undefined
    // Only an upload happens outside the row's own atomic insert: it alone needs the key claimed first.
    const uploads = submission.file !== undefined && !honeypot && resumes.external
    if (uploads) {
      const claimed = await store.claimKey(claim)
      if (claimed.state !== 'claimed') return answerFor(claimed, cors)
    }
    let saved: SavedResume | undefined
    let rowNamesFile = false
    try {
      // Honeypot: people never see the field, bots fill it. The answer is a success's, the row is kept apart.
      const notify =
        !honeypot && options.notifyChannels?.length
          ? {
              channels: options.notifyChannels,
              payload: pendingPayload(kind, fields, {
                origin: req.headers.get('origin'),
                referer: req.headers.get('referer'),
              }),
            }
          : undefined
      const stored = honeypot
        ? await store.quarantine(kind, { idempotencyKey: key, requestHash, ipHash, fields })
        : await store.insert(kind, toRow(fields, { ipHash, requestHash, resume: await saveResume() }), notify)
      if (notify && stored.created) options.afterCommit?.({ kind, id: stored.id })
      rowNamesFile = stored.created
      // The key was taken meanwhile (a racing copy, or one that took an abandoned claim over): its row stands.
      if (!stored.created && saved) await removeQuietly(saved)
      if (uploads) await store.completeKey(kind, key, stored.id)
      if (!stored.created && stored.requestHash != null && stored.requestHash !== requestHash) {
        return answerFor({ state: 'mismatch' }, cors)
      }
      return json(201, { ok: true, id: stored.id }, cors)
    } catch (error) {
      // A file is removed only while no stored row names it.
      if (saved && !rowNamesFile) await removeQuietly(saved)
      if (uploads) {
        await store.releaseKey(kind, key).catch((releaseError: unknown) => {
          logError(`[${FORMS[kind].functionName}] could not release a claim`, summarise(releaseError))
        })
      }
      throw error
    }

    async function saveResume(): Promise<StoredResume | undefined> {
      if (!submission.file) return undefined
      const { upload, type } = submission.file
      saved = await resumes.save({ bytes: upload.bytes, type })
      const fileName = sanitizeFileName(upload.name, type.extension)
      return { fileName, mime: type.mime, size: upload.bytes.byteLength, ...saved }
    }
  }

  async function rateLimited(
    ipHash: string,
    email: string | undefined,
    cors: Record<string, string>,
  ): Promise<Response | null> {
    const window = rateLimitWindow(now(), config.rateLimitWindowSeconds)
    const tooMany = (error: string) =>
      errorResponse(429, error, { ...cors, 'Retry-After': String(window.retryAfterSeconds) })
    if (config.rateLimitMax > 0) {
      const hits = await store.countHit(kind, ipHash, window.start)
      if (hits > config.rateLimitMax) return tooMany('Too many submissions from your network. Please try again later.')
    }
    if (config.rateLimitEmailMax > 0 && email !== undefined) {
      // Counted per address, whichever network it comes from; only a salted hash is kept.
      const emailHash = await saltedHash(email.toLowerCase(), config.ipHashSalt)
      const hits = await store.countHit(`${kind}:email`, emailHash, window.start)
      if (hits > config.rateLimitEmailMax) {
        return tooMany('Too many submissions for this e-mail address. Please try again later.')
      }
    }
    return null
  }

  async function removeQuietly(saved: SavedResume): Promise<void> {
    await resumes.remove(saved).catch((error: unknown) => {
      logError(`[${FORMS[kind].functionName}] could not remove an unused résumé file`, summarise(error))
    })
  }
}

function answerFor(known: Exclude<KeyState, { state: 'claimed' }>, cors: Record<string, string>): Response {
  switch (known.state) {
    case 'stored':
      return json(201, { ok: true, id: known.id }, cors)
    case 'mismatch':
      return errorResponse(
        422,
        'This submission key was already used for a different submission. Reload the page and send the form again.',
        cors,
      )
    case 'busy':
      return errorResponse(409, 'This submission is still being processed. Please try again in a moment.', {
        ...cors,
        'Retry-After': '2',
      })
  }
}

/** SHA-256 over the stored answers (key order fixed, the key itself left out) and the résumé bytes. */
async function requestHash(fields: Record<string, unknown>, resume: Uint8Array | undefined): Promise<string> {
  const { idempotencyKey: _key, ...answers } = fields
  const resumeHash = resume ? await sha256Hex(resume) : '-'
  return sha256Hex(new TextEncoder().encode(`${canonicalJson(answers)}\n${resumeHash}`))
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource)
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>
    const entries = Object.keys(record)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value)
}

/** Trims text and drops empty answers, so "   " counts as missing rather than as an answer. */
function normalise(fields: Record<string, unknown>): Record<string, unknown> {
  // fromEntries defines own properties, so no key can reach a prototype.
  return Object.fromEntries(
    Object.entries(fields)
      .map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value] as const)
      .filter(([, value]) => value !== '' && value !== null && value !== undefined),
  )
}

/** A submission that says where its visit came from is stored with the channel derived from it. */
function withChannel(fields: Record<string, unknown>): Record<string, unknown> {
  const { landingPage, referrerHost, utmSource, utmMedium, utmCampaign } = fields as Record<string, string | undefined>
  if ([landingPage, referrerHost, utmSource, utmMedium, utmCampaign].every((value) => value === undefined))
    return fields
  return { ...fields, channel: channelOf({ referrerHost, utmSource, utmMedium }) }
}

function headerKey(req: Request): string | undefined {
  return req.headers.get('idempotency-key') ?? req.headers.get('x-idempotency-key') ?? undefined
}

/**
 * The one request handler behind every form's function (submit-lead, submit-application,
 * submit-quote…), run by the Deno entrypoints on Supabase and by the local Node backend alike.
 * It is made for one form of the registry, which its caller hands in (_shared/backend.ts).
 */

import { stripInactiveConditionals } from '../../../common/forms/conditional.ts'
import { type FormDefinition, wordingIn } from '../../../common/forms/define.ts'
import { rateLimitWindow } from '../../../common/rate-limit.ts'
import { isSupportedMediaType, mediaType, readSubmission, type UploadedFile } from './body.ts'
import { clientIpOf, saltedHash } from './client-ip.ts'
import { type Env, FALLBACK_SALT, type HandlerConfig, readConfig } from './config.ts'
import { admitPost } from './cors.ts'
import { type FailureSummary, isBadDataError, summarise } from './db-errors.ts'
import { channelOf } from './measurement/channel.ts'
import type { ChannelName } from './notifications/config.ts'
import { pendingPayload } from './notifications/payload.ts'
import { type StoredResume, toRow } from './record.ts'
import { errorResponse, json } from './responses.ts'
import { inspectResume, type ResumeType, sanitizeFileName } from './resume.ts'
import { inlineResumeStorage, type ResumeStorage, type SavedResume } from './resume-storage.ts'
import type { KeyClaim, KeyState, SubmissionStore } from './store.ts'
import { createValidator, type Validator } from './validate.ts'

export interface SubmitHandlerOptions {
  /** The form's kind, its name in the registry (forms/registry.ts). */
  kind: string
  /** The form's definition: its schema, its function's name, what its records are. */
  form: FormDefinition
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
  afterCommit?: (stored: { kind: string; id: string }) => void
}

/** `clientIp` is the TCP peer's address as the server saw it. */
export type SubmitHandler = (req: Request, clientIp?: string) => Promise<Response>

type Cors = Record<string, string>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FIX_FIELDS = 'Please correct the highlighted fields.'
/** Claims (Stripe's 24 hours) and rate-limit windows are kept this long, then pruned. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000
const PRUNE_EVERY_MS = 60 * 60 * 1000
/** Longer than any request may take (a 5 MB upload included): a claim locked longer was abandoned. */
const CLAIM_LEASE_MS = 2 * 60 * 1000

/** What the parts of one form's handler share. */
interface HandlerContext {
  options: SubmitHandlerOptions
  config: HandlerConfig
  validate: Validator
  resumes: ResumeStorage
  now: () => number
  logError: (message: string, failure: FailureSummary) => void
}

/** A submission that passed every check, ready to be stored. */
interface Checked {
  fields: Record<string, unknown>
  key: string
  file?: { upload: UploadedFile; type: ResumeType }
  requestHash: string
}

export function createSubmitHandler(options: SubmitHandlerOptions): SubmitHandler {
  const context = handlerContext(options)
  const store = createStorer(context)
  const oneAtATime = oneRequestPerKey()
  return async (req, clientIp) => {
    const { cors, answer } = admitPost(req, context.config.allowedOrigins, 'This origin may not submit forms here.')
    if (answer) return answer
    if (!isSupportedMediaType(mediaType(req))) {
      return errorResponse(415, 'Send the form as application/json or multipart/form-data.', cors)
    }
    try {
      const checked = await checkSubmission(context, req, cors)
      if (checked instanceof Response) return checked
      return await oneAtATime(checked.key, () => store(checked, req, clientIp, cors))
    } catch (error) {
      const failure = summarise(error)
      context.logError(`[${options.form.functionName}] request failed`, failure)
      if (isBadDataError(failure)) {
        return errorResponse(400, 'Some answers could not be stored as sent. Please check them and try again.', cors)
      }
      return errorResponse(500, 'Internal error', cors)
    }
  }
}

function handlerContext(options: SubmitHandlerOptions): HandlerContext {
  const config = readConfig(options.env ?? {})
  if (config.ipHashSalt === FALLBACK_SALT) {
    console.warn(`[${options.form.functionName}] IP_HASH_SALT is not set; using a fixed salt.`)
  }
  return {
    options,
    config,
    validate: createValidator(options.form),
    resumes: options.resumes ?? inlineResumeStorage,
    now: options.now ?? Date.now,
    logError: options.logError ?? ((message, failure) => console.error(message, failure)),
  }
}

/** Requests with one key run one after the other in this process, so a double click waits for the first answer. */
function oneRequestPerKey(): <T>(key: string, run: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<unknown>>()
  return async (key, run) => {
    for (let waiting = inFlight.get(key); waiting; waiting = inFlight.get(key)) await waiting.catch(() => {})
    const running = run()
    inFlight.set(key, running)
    try {
      return await running
    } finally {
      inFlight.delete(key)
    }
  }
}

/** The body read and checked against the form: the submission to store, or the answer refusing it. */
async function checkSubmission(context: HandlerContext, req: Request, cors: Cors): Promise<Checked | Response> {
  const body = await readSubmission(req)
  if (!body.ok) return errorResponse(body.status, body.error, cors, body.fields)
  const { resume } = body.submission
  const fields = normalise(body.submission.fields)
  // The body's key wins; the header is the fallback the front end also sends.
  fields.idempotencyKey ??= headerKey(req)
  if (typeof fields.idempotencyKey === 'string') fields.idempotencyKey = fields.idempotencyKey.toLowerCase()

  // What is validated is exactly what is stored: answers to hidden questions go first.
  const kept = stripInactiveConditionals(context.options.form.schema, fields)
  const checked = context.validate(kept)
  const takesFile = context.options.form.file !== undefined
  const resumeCheck = resume && takesFile ? await inspectResume(resume.bytes) : null
  // Field and file problems are reported together, so one round trip shows them all.
  const words = wordingIn(context.options.form, kept.locale)
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
  return {
    fields: withChannel(kept),
    key,
    file: resume && resumeCheck?.ok ? { upload: resume, type: resumeCheck.type } : undefined,
    requestHash: await requestHash(kept, resume?.bytes),
  }
}

/**
 * Stores a checked submission once: a retry gets the first answer, the rate limits count the
 * rest, a honeypot hit goes apart, and a résumé for the bucket is uploaded only under a claimed key.
 */
function createStorer(context: HandlerContext) {
  const { options, now } = context
  const { kind, store } = options
  let nextPrune = 0
  const rateLimited = rateLimiter(context)

  return async (submission: Checked, req: Request, clientIp: string | undefined, cors: Cors): Promise<Response> => {
    const { fields, key, requestHash } = submission
    const claim: KeyClaim = { kind, key, requestHash, now: new Date(now()), leaseMs: CLAIM_LEASE_MS }
    if (now() >= nextPrune) {
      nextPrune = now() + PRUNE_EVERY_MS
      await store.pruneDayOld(new Date(now() - KEY_TTL_MS))
    }
    // A retry of a stored submission gets the first answer, and is not rate limited.
    const known = await store.peekKey(claim)
    if (known !== null && known.state !== 'busy') return answerFor(known, cors)

    const ipHash = await saltedHash(clientIpOf(req, clientIp, context.config.clientIp), context.config.ipHashSalt)
    const limited = await rateLimited(ipHash, typeof fields.email === 'string' ? fields.email : undefined, cors)
    if (limited) return limited

    const honeypot = fields.website !== undefined
    // Only an upload happens outside the row's own atomic insert: it alone needs the key claimed first.
    const uploads = submission.file !== undefined && !honeypot && context.resumes.external
    if (uploads) {
      const claimed = await store.claimKey(claim)
      if (claimed.state !== 'claimed') return answerFor(claimed, cors)
    }
    return storeClaimed(context, { submission, req, ipHash, honeypot, uploads }, cors)
  }
}

/** The row (or the honeypot hit) stored, with its file and notifications; the claim completed or released. */
async function storeClaimed(
  context: HandlerContext,
  step: { submission: Checked; req: Request; ipHash: string; honeypot: boolean; uploads: boolean },
  cors: Cors,
): Promise<Response> {
  const { options, resumes } = context
  const { kind, store } = options
  const { submission, ipHash, honeypot, uploads } = step
  const { fields, key, requestHash } = submission
  let saved: SavedResume | undefined
  let rowNamesFile = false
  const saveResume = async (): Promise<StoredResume | undefined> => {
    if (!submission.file) return undefined
    const { upload, type } = submission.file
    saved = await resumes.save({ bytes: upload.bytes, type })
    const fileName = sanitizeFileName(upload.name, type.extension)
    return { fileName, mime: type.mime, size: upload.bytes.byteLength, ...saved }
  }
  try {
    // Honeypot: people never see the field, bots fill it. The answer is a success's, the row is kept apart.
    const notify = honeypot ? undefined : notificationOf(options, fields, step.req)
    const stored = honeypot
      ? await store.quarantine(kind, { idempotencyKey: key, requestHash, ipHash, fields })
      : await store.insert(kind, toRow(fields, { ipHash, requestHash, resume: await saveResume() }), notify)
    if (notify && stored.created) options.afterCommit?.({ kind, id: stored.id })
    rowNamesFile = stored.created
    // The key was taken meanwhile (a racing copy, or one that took an abandoned claim over): its row stands.
    if (!stored.created && saved) await removeQuietly(context, saved)
    if (uploads) await store.completeKey(kind, key, stored.id)
    if (!stored.created && stored.requestHash != null && stored.requestHash !== requestHash) {
      return answerFor({ state: 'mismatch' }, cors)
    }
    return json(201, { ok: true, id: stored.id }, cors)
  } catch (error) {
    // A file is removed only while no stored row names it.
    if (saved && !rowNamesFile) await removeQuietly(context, saved)
    if (uploads) {
      await store.releaseKey(kind, key).catch((releaseError: unknown) => {
        context.logError(`[${options.form.functionName}] could not release a claim`, summarise(releaseError))
      })
    }
    throw error
  }
}

/** What the same statement as the record queues for the team, when any channel is asked for. */
function notificationOf(options: SubmitHandlerOptions, fields: Record<string, unknown>, req: Request) {
  if (!options.notifyChannels?.length) return undefined
  const headers = { origin: req.headers.get('origin'), referer: req.headers.get('referer') }
  return { channels: options.notifyChannels, payload: pendingPayload(options.kind, options.form, fields, headers) }
}

/** Per network and per e-mail address, in fixed windows; only salted hashes are kept. */
function rateLimiter({ options, config, now }: HandlerContext) {
  const { kind, store } = options
  return async (ipHash: string, email: string | undefined, cors: Cors): Promise<Response | null> => {
    const window = rateLimitWindow(now(), config.rateLimitWindowSeconds)
    const tooMany = (error: string) =>
      errorResponse(429, error, { ...cors, 'Retry-After': String(window.retryAfterSeconds) })
    if (config.rateLimitMax > 0) {
      const hits = await store.countHit(kind, ipHash, window.start)
      if (hits > config.rateLimitMax) return tooMany('Too many submissions from your network. Please try again later.')
    }
    if (config.rateLimitEmailMax > 0 && email !== undefined) {
      // Counted per address, whichever network it comes from.
      const emailHash = await saltedHash(email.toLowerCase(), config.ipHashSalt)
      const hits = await store.countHit(`${kind}:email`, emailHash, window.start)
      if (hits > config.rateLimitEmailMax) {
        return tooMany('Too many submissions for this e-mail address. Please try again later.')
      }
    }
    return null
  }
}

async function removeQuietly({ options, resumes, logError }: HandlerContext, saved: SavedResume): Promise<void> {
  await resumes.remove(saved).catch((error: unknown) => {
    logError(`[${options.form.functionName}] could not remove an unused résumé file`, summarise(error))
  })
}

function answerFor(known: Exclude<KeyState, { state: 'claimed' }>, cors: Cors): Response {
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

/**
 * The collect function: takes the counting code's batches (src/measure/), run by the Deno
 * entrypoint on Supabase and by the local backend alike. A batch is stored whole or not at all:
 * a body over 8 KB, not JSON, not valid against the batch schema (more than 20 events, an unknown
 * kind) or naming a page the site does not have is answered 400 and nothing of it is stored.
 * Requests from obvious bots are answered as if stored, and dropped. Nothing that identifies a
 * visitor is stored: the address only counts against the rate limit, as a salted hash kept a
 * day; the user-agent string is read to drop bots, never kept.
 */
import type { MeasureBatch } from '../../../../common/measure/batch.ts'
import { MAX_BATCH_BYTES } from '../../../../common/measure/limits.ts'
import { rateLimitWindow } from '../../../../common/rate-limit.ts'
import { readCapped } from '../body.ts'
import { clientIpOf, saltedHash } from '../client-ip.ts'
import { type Env, readConfig } from '../config.ts'
import { admitPost } from '../cors.ts'
import { type FailureSummary, summarise } from '../db-errors.ts'
import { errorResponse } from '../responses.ts'
import type { SqlClient, SubmissionStore } from '../store.ts'
import validateBatch from './batch-validator.gen.ts'
import { channelOf } from './channel.ts'

/** The site's pages: a page's language, or undefined when the site has no such page. */
export interface SitePages {
  localeOf(page: string): Promise<string | undefined>
}

export interface CollectOptions {
  client: SqlClient
  /** For the rate limit's counters (the forms' table of windows). */
  store: Pick<SubmissionStore, 'countHit'>
  pages: SitePages
  env?: Env
  now?: () => number
  logError?: (message: string, failure: FailureSummary) => void
}

const TOO_LARGE = `A batch is ${MAX_BATCH_BYTES / 1024} KB at most.`

export type CollectHandler = (req: Request, clientIp?: string) => Promise<Response>

/** Crawlers, link previewers, monitors and headless browsers name themselves in their user agent. */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|headless|lighthouse|pagespeed|phantomjs|selenium|puppeteer|playwright|curl\/|wget\/|python-requests|httpclient|go-http-client|node-fetch|axios\//i

export interface MeasureConfig {
  /** Batches per client address and window; 0 turns the limit off. */
  rateLimitMax: number
  /** The days of events are the site's days: midnight in this time zone. */
  timeZone: string
}

export function readMeasureConfig(env: Env): MeasureConfig {
  const max = env.MEASURE_RATE_LIMIT_MAX?.trim()
  const rateLimitMax = max ? Number(max) : 120
  if (!Number.isInteger(rateLimitMax) || rateLimitMax < 0) throw new Error('MEASURE_RATE_LIMIT_MAX must be 0 or more')
  const timeZone = env.MEASURE_TIME_ZONE?.trim() || 'America/New_York'
  // An unknown zone throws here, at start, not at the first event.
  new Intl.DateTimeFormat('en-CA', { timeZone })
  return { rateLimitMax, timeZone }
}

/** The day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

export function createCollectHandler(options: CollectOptions): CollectHandler {
  const env = options.env ?? {}
  const config = readConfig(env)
  const measure = readMeasureConfig(env)
  const now = options.now ?? Date.now
  const logError = options.logError ?? ((message, failure) => console.error(message, failure))
  const refuse = (error: string, cors: Record<string, string>) => errorResponse(400, error, cors)

  return async (req, clientIp) => {
    const { cors, answer } = admitPost(req, config.allowedOrigins, 'This origin may not send events here.')
    if (answer) return answer
    if (BOT.test(req.headers.get('user-agent') ?? '')) {
      await req.body?.cancel().catch(() => {})
      return new Response(null, { status: 204, headers: cors })
    }
    try {
      const declared = Number(req.headers.get('content-length') ?? 'NaN')
      if (Number.isFinite(declared) && declared > MAX_BATCH_BYTES) return refuse(TOO_LARGE, cors)
      const bytes = await readCapped(req.body, MAX_BATCH_BYTES)
      if (bytes === null) return refuse(TOO_LARGE, cors)
      const limited = await rateLimited(req, clientIp, cors)
      if (limited) return limited
      let batch: unknown
      try {
        batch = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
      } catch {
        return refuse('The batch is not JSON.', cors)
      }
      if (!validateBatch(batch)) return refuse('The batch does not match the schema of events.', cors)
      const checked = batch as MeasureBatch
      const locales = await localesOf(checked)
      if (locales === null) return refuse('The batch names a page this site does not have.', cors)
      await store(checked, locales)
      return new Response(null, { status: 204, headers: cors })
    } catch (error) {
      logError('[collect] request failed', summarise(error))
      return errorResponse(500, 'Internal error', cors)
    }
  }

  async function rateLimited(req: Request, clientIp: string | undefined, cors: Record<string, string>) {
    if (measure.rateLimitMax === 0) return null
    const window = rateLimitWindow(now(), config.rateLimitWindowSeconds)
    const ipHash = await saltedHash(clientIpOf(req, clientIp, config.clientIp), config.ipHashSalt)
    const hits = await options.store.countHit('collect', ipHash, window.start)
    if (hits <= measure.rateLimitMax) return null
    const retryAfter = String(window.retryAfterSeconds)
    return errorResponse(429, 'Too many batches from your network.', { ...cors, 'Retry-After': retryAfter })
  }

  /** Each event's page's language, or null when a page (or the landing page) is not the site's. */
  async function localesOf(batch: MeasureBatch): Promise<string[] | null> {
    const landing = batch.visit?.landingPage
    const pages = [...new Set([...batch.events.map((event) => event.page), ...(landing ? [landing] : [])])]
    const known = new Map<string, string | undefined>()
    for (const page of pages) known.set(page, await options.pages.localeOf(page))
    if ([...known.values()].some((locale) => locale === undefined)) return null
    return batch.events.map((event) => known.get(event.page)!)
  }

  /** One statement: the whole batch is stored, or none of it. */
  async function store(batch: MeasureBatch, locales: string[]): Promise<void> {
    const visit = batch.visit ?? {}
    const events = batch.events.map((event, i) => ({ ...event, locale: locales[i] }))
    await options.client.query(
      `insert into measure_events (day, device, landing_page, channel, referrer_host, utm_source, utm_medium,
         utm_campaign, kind, page, locale, entry, form, step, metric, value, element)
       select $1::date, $2, $3, $4, $5, $6, $7, $8, e.kind, e.page, e.locale, coalesce(e.entry, false), e.form, e.step,
         e.metric, e.value, e.element
       from jsonb_to_recordset($9::text::jsonb) as e(kind text, page text, locale text, entry boolean, form text,
         step smallint, metric text, value float8, element text)`,
      [
        dayIn(measure.timeZone, new Date(now())),
        batch.device,
        visit.landingPage ?? null,
        channelOf(visit),
        visit.referrerHost ?? null,
        visit.utmSource ?? null,
        visit.utmMedium ?? null,
        visit.utmCampaign ?? null,
        JSON.stringify(events),
      ],
    )
  }
}

/**
 * The hosted site's pages: the list the build writes to dist/_data/_pages.json (address to
 * language), fetched from the site and kept a few minutes, so a page published since is known
 * shortly after. A list that cannot be fetched is an error (the batch is answered 500, and lost:
 * counting never holds a visitor up).
 */
export function pagesFromSite(url: string, fetcher: typeof fetch = fetch, freshMs = 5 * 60_000): SitePages {
  let cached: { at: number; pages: Promise<Record<string, string>> } | undefined
  const load = async () => {
    const response = await fetcher(url, { headers: { accept: 'application/json' } })
    if (!response.ok) throw new Error(`the site's page list answered ${response.status}`)
    return (await response.json()) as Record<string, string>
  }
  return {
    async localeOf(page) {
      if (!cached || Date.now() - cached.at > freshMs) {
        const pages = load()
        cached = { at: Date.now(), pages }
        pages.catch(() => {
          if (cached?.pages === pages) cached = undefined
        })
      }
      const pages = await cached.pages
      return Object.hasOwn(pages, page) ? pages[page] : undefined
    },
  }
}

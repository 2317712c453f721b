/**
 * The one wiring of the backend: from its parts (a SQL client, the settings, where résumés go,
 * the clock, the site's forms) to the handler of each function by its deployed name. The hosted
 * runtime (_runtime/serve.ts, one function per Deno process) and the local backend
 * (server/local-backend.ts, every function in one Node process) both call it, so the two cannot
 * disagree on what a setting means. Plain code: no Deno or Node API.
 */
import type { FormRegistry } from '../../../common/forms/define.ts'
import { type Env, readConfig } from './config.ts'
import { summarise } from './db-errors.ts'
import { createFormEndpoint } from './form-post.ts'
import { createCollectHandler, readMeasureConfig, type SitePages } from './measurement/collect.ts'
import { createResultsEndpoint } from './measurement/results-endpoint.ts'
import { createSenders } from './notifications/channels.ts'
import { type ChannelName, describeNotifications, type NotifySetup, readNotifySetup } from './notifications/config.ts'
import { createDeliverer, type Deliverer } from './notifications/deliverer.ts'
import { errorResponse, json } from './responses.ts'
import type { ResumeStorage } from './resume-storage.ts'
import { type PurgeCounts, purgeExpired, readRetention } from './retention.ts'
import { sameSecret } from './secret.ts'
import { createSqlStore, type SqlClient, type SubmissionStore } from './store.ts'

/** `clientIp` is the TCP peer's address as the server saw it. */
export type FunctionHandler = (req: Request, clientIp?: string) => Promise<Response>

export interface BackendParts {
  client: SqlClient
  /** The settings: the function secrets hosted, the process's environment locally. */
  env: Env
  /** The site's forms (forms/registry.ts): each is a function, stored and notified as it says. */
  forms: FormRegistry
  /** Where résumé bytes go: the private bucket hosted, the row itself locally. Asked for when a form function is wired. */
  resumes: () => ResumeStorage
  /** The site's pages, for collect. Asked for when collect is wired. */
  pages: () => SitePages
  now?: () => number
  /** Keeps work running after the answer has gone (Supabase's EdgeRuntime.waitUntil); locally it runs anyway. */
  keepAlive?: (work: Promise<unknown>) => void
  /** Said once when wired: a channel set up halfway. */
  log?: (message: string) => void
}

export interface Backend {
  /** Every function's deployed name (`/functions/v1/<name>`). */
  names: readonly string[]
  /** The handler of a function, made on first use; undefined for a name the backend does not have. */
  handler(name: string): FunctionHandler | undefined
  notifications: {
    /** The channels asked for, those set up halfway included: their notifications are queued too. */
    channels: readonly ChannelName[]
    problems: NotifySetup['problems']
    /** One line for start-up output: where notifications go, or that they are off. */
    summary: string
    deliverer: Deliverer
  }
  /** The retention job, now. */
  purge(now: Date): Promise<PurgeCounts>
}

/** Deployed once per site, whatever its forms. */
export const OPERATING_FUNCTIONS = ['collect', 'results', 'deliver-notifications', 'purge-expired'] as const

/** A sweep stops claiming after this long: well inside an edge function's wall-clock limit, and about when pg_cron calls again. */
const SWEEP_BUDGET_MS = 50_000

export function wireBackend(given: BackendParts): Backend {
  const parts = { ...given, resumes: once(given.resumes) }
  const store = createSqlStore(parts.client, parts.forms)
  const notifications = wireNotifications(parts)
  const purge = (now: Date) =>
    purgeExpired({
      client: parts.client,
      periods: readRetention(parts.env),
      forms: parts.forms,
      now,
      removeResumes: parts.resumes().removePaths,
    })
  const makers = new Map<string, () => FunctionHandler>([
    ...formFunctions(parts, store, notifications),
    ...operatingFunctions(parts, store, notifications.deliverer, purge),
  ])
  const made = new Map<string, FunctionHandler>()
  return {
    names: [...makers.keys()],
    handler(name) {
      const make = makers.get(name)
      if (!make) return undefined
      if (!made.has(name)) made.set(name, make())
      return made.get(name)
    },
    notifications,
    purge,
  }
}

/**
 * Every setting the backend reads, read once: a bad one (TRUST_PROXY, a retention period, the
 * measurement's time zone) throws, naming it. A channel set up halfway is no error (see
 * notifications/config.ts). The local backend checks this before it opens its data; hosted,
 * each function reads only its own settings, so one function's typo stops no other.
 */
export function checkSettings(env: Env): void {
  readConfig(env)
  readRetention(env)
  readMeasureConfig(env)
}

function wireNotifications(parts: BackendParts): Backend['notifications'] {
  const setup = readNotifySetup(parts.env)
  for (const problem of Object.values(setup.problems)) (parts.log ?? console.error)(`[notifications] ${problem}`)
  const deliverer = createDeliverer({
    client: parts.client,
    senders: createSenders(setup.config, { forms: parts.forms, problems: setup.problems, now: parts.now }),
    now: parts.now,
    sweepBudgetMs: SWEEP_BUDGET_MS,
  })
  return { channels: setup.channels, problems: setup.problems, summary: describeNotifications(setup), deliverer }
}

/** One function per form of the registry, under the name its definition gives. */
function formFunctions(
  parts: BackendParts,
  store: SubmissionStore,
  notifications: Backend['notifications'],
): [string, () => FunctionHandler][] {
  return Object.entries(parts.forms).map(([kind, form]) => [
    form.functionName,
    () =>
      createFormEndpoint({
        kind,
        form,
        store,
        env: parts.env,
        resumes: parts.resumes(),
        now: parts.now,
        notifyChannels: notifications.channels,
        afterCommit: ({ id }) => {
          const attempt = notifications.deliverer.deliverRecord(id)
          parts.keepAlive?.(attempt)
        },
      }),
  ])
}

function operatingFunctions(
  parts: BackendParts,
  store: SubmissionStore,
  deliverer: Deliverer,
  purge: (now: Date) => Promise<PurgeCounts>,
): [(typeof OPERATING_FUNCTIONS)[number], () => FunctionHandler][] {
  const { client, env, forms, now } = parts
  return [
    ['collect', () => createCollectHandler({ client, store, env, pages: parts.pages(), now })],
    ['results', () => createResultsEndpoint({ client, forms, token: env.RESULTS_TOKEN || undefined })],
    // pg_cron calls it every minute with NOTIFY_CRON_SECRET; any other caller gets 401.
    [
      'deliver-notifications',
      () =>
        withBearer(
          env.NOTIFY_CRON_SECRET,
          async () => json(200, await deliverer.deliverDue()),
          () => errorResponse(401, 'Unauthorized', {}),
        ),
    ],
    // pg_cron calls it nightly with the service-role key, the only credential it accepts.
    [
      'purge-expired',
      () =>
        withBearer(
          env.SUPABASE_SERVICE_ROLE_KEY,
          () => purgeAnswer(purge),
          () => new Response(null, { status: 401 }),
        ),
    ],
  ]
}

/** POST with `Authorization: Bearer <secret>` only; without a secret set, nobody is let in. */
function withBearer(
  secret: string | undefined,
  run: () => Promise<Response>,
  unauthorized: () => Response,
): FunctionHandler {
  return async (req) => {
    if (req.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } })
    await req.body?.cancel().catch(() => {})
    if (!secret || !(await sameSecret(req.headers.get('authorization') ?? '', `Bearer ${secret}`))) {
      return unauthorized()
    }
    return run()
  }
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => {
    made ??= { value: make() }
    return made.value
  }
}

async function purgeAnswer(purge: (now: Date) => Promise<PurgeCounts>): Promise<Response> {
  try {
    const counts = await purge(new Date())
    console.log('[purge-expired]', counts)
    return Response.json(counts)
  } catch (error) {
    console.error('[purge-expired] failed', summarise(error))
    return Response.json({ error: 'Internal error' }, { status: 500 })
  }
}

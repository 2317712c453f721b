/**
 * The two ways a notification leaves: a signed JSON webhook and an e-mail through
 * Resend's HTTP API (Supabase functions cannot open SMTP ports). A sender resolves
 * when the receiver took the notification (any 2xx) and throws otherwise; the
 * error text is a status or a network failure, never the payload.
 */
import type { FormDefinition, FormRegistry } from '../../../../common/forms/define.ts'
import { CHANNEL_TITLES, type Channel } from '../measurement/channel.ts'
import type { ChannelName, EmailChannelConfig, NotifyConfig, WebhookChannelConfig } from './config.ts'
import { type NotificationPayload, notifiedFields } from './payload.ts'
import { signatureHeader } from './signature.ts'

/** A receiver that has not answered within this long is retried later. */
const SEND_TIMEOUT_MS = 10_000

export interface OutgoingNotification {
  /** The notification row's id: the receiver's idempotency key. */
  id: string
  payload: NotificationPayload
}

export type Sender = (notification: OutgoingNotification, signal: AbortSignal) => Promise<void>

export interface SenderOptions {
  /** The site's forms: an e-mail words a record with its form's labels and choices. */
  forms: FormRegistry
  fetch?: typeof fetch
  /** Clock for the signature timestamp. */
  now?: () => number
  /** How long to wait for an answer (default 10 s). */
  timeoutMs?: number
  /**
   * Channels asked for but set up halfway: their attempts fail with this text (kept in
   * last_error), so notifications wait for the fix instead of being lost.
   */
  problems?: Partial<Record<ChannelName, string>>
}

export function createSenders(config: NotifyConfig, options: SenderOptions): Partial<Record<ChannelName, Sender>> {
  const misconfigured = Object.entries(options.problems ?? {}).map(([channel, problem]) => [
    channel,
    () => Promise.reject(new Error(problem)),
  ])
  return {
    ...Object.fromEntries(misconfigured),
    ...(config.webhook ? { webhook: webhookSender(config.webhook, options) } : {}),
    ...(config.email ? { email: emailSender(config.email, options) } : {}),
  }
}

function webhookSender(config: WebhookChannelConfig, options: SenderOptions): Sender {
  const send = options.fetch ?? fetch
  const now = options.now ?? Date.now
  return async ({ id, payload }, signal) => {
    const body = JSON.stringify({ id, ...payload })
    const signature = await signatureHeader(config.secret, Math.floor(now() / 1000), body)
    await post(send, config.url, body, { 'X-Signature': signature, 'Idempotency-Key': id }, signal, options.timeoutMs)
  }
}

function emailSender(config: EmailChannelConfig, options: SenderOptions): Sender {
  const send = options.fetch ?? fetch
  return async ({ id, payload }, signal) => {
    const fields = payload.fields
    const replyTo = typeof fields.email === 'string' ? { reply_to: fields.email } : {}
    const form = options.forms[payload.kind]
    if (!form) throw new Error(`no form ${JSON.stringify(payload.kind)} to word the e-mail with`)
    const body = JSON.stringify({
      from: config.from,
      to: config.to,
      subject: emailSubject(form, payload),
      text: emailText(form, payload),
      ...replyTo,
    })
    // Resend keeps an idempotency key for 24 hours, so a repeat within that window sends no second e-mail.
    await post(
      send,
      `${config.apiUrl}/emails`,
      body,
      { Authorization: `Bearer ${config.apiKey}`, 'Idempotency-Key': id },
      signal,
      options.timeoutMs,
    )
  }
}

async function post(
  send: typeof fetch,
  url: string,
  body: string,
  headers: Record<string, string>,
  stop: AbortSignal,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<void> {
  // One controller with a timer of our own: a signal combined with AbortSignal.any() and an
  // inline AbortSignal.timeout() can be collected before it fires, and the attempt then hangs.
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onStop = () => controller.abort()
  stop.addEventListener('abort', onStop, { once: true })
  let response: Response
  try {
    response = await send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
      signal: controller.signal,
    })
    // The body is not needed; reading it to the end frees the connection for reuse.
    await response.arrayBuffer().catch(() => undefined)
  } catch (error) {
    if (timedOut) throw new Error(`no answer within ${timeoutMs / 1000} s`)
    if (stop.aborted) throw new Error('attempt aborted (shutting down)')
    throw new Error(networkError(error))
  } finally {
    clearTimeout(timer)
    stop.removeEventListener('abort', onStop)
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
}

function networkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: unknown } }).cause
    return typeof cause?.code === 'string' ? `network error ${cause.code}` : `network error: ${error.message}`
  }
  return 'network error'
}

/** The form's subject line with its answers filled in ("New quote request from Jane Smith"). */
function emailSubject(form: FormDefinition, payload: NotificationPayload): string {
  return form.notification.subject
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = payload.fields[name]
      return value === undefined ? '' : String(value)
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Plain text with the form's own labels and choice titles, so staff read what the visitor read,
 * under the form it came from and above the page it was sent from.
 */
function emailText(form: FormDefinition, payload: NotificationPayload): string {
  const schema = form.schema as unknown as { title?: string; properties: Record<string, PropertySchema> }
  // In the allow-list's order: jsonb does not keep the order keys were written in.
  const lines = notifiedFields(form)
    .filter((name) => payload.fields[name] !== undefined)
    .map((name) => {
      const value = payload.fields[name]
      if (name === 'channel') return `Channel: ${CHANNEL_TITLES[value as Channel] ?? String(value)}`
      const property = schema.properties[name]
      return `${property?.title ?? name}: ${displayValue(property, value)}`
    })
  lines.unshift(`Form: ${schema.title ?? payload.kind}`)
  if (payload.page) lines.push(`Sent from: ${payload.page}`)
  lines.push(`Received: ${payload.submittedAt}`, `Record id: ${payload.recordId}`)
  return `${lines.join('\n')}\n`
}

interface PropertySchema {
  title?: string
  oneOf?: { const?: unknown; title?: string }[]
  items?: PropertySchema
}

function displayValue(property: PropertySchema | undefined, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => displayValue(property?.items, item)).join(', ') || '-'
  const choice = property?.oneOf?.find((option) => option.const === value)
  return choice?.title ?? String(value)
}

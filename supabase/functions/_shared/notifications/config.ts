/**
 * Notification channels, configured by environment (function secrets on Supabase,
 * process.env locally). A channel is on when its address is set. A channel set up
 * halfway must not cost a lead: its notifications are queued all the same, fail with
 * the problem as their last error, and go out once the setting is fixed; the problem
 * is said once when the backend starts.
 */
import type { Env } from '../config.ts'

export type ChannelName = 'webhook' | 'email'

export interface WebhookChannelConfig {
  url: string
  secret: string
}

export interface EmailChannelConfig {
  /** Base URL of Resend's HTTP API (tests point it at a local receiver). */
  apiUrl: string
  apiKey: string
  from: string
  to: string[]
}

export interface NotifyConfig {
  webhook?: WebhookChannelConfig
  email?: EmailChannelConfig
}

const DEFAULT_EMAIL_API_URL = 'https://api.resend.com'

/**
 * The channels asked for (their first variable is set), the settings of those complete, and
 * what is wrong with the others.
 */
export interface NotifySetup {
  config: NotifyConfig
  channels: ChannelName[]
  problems: Partial<Record<ChannelName, string>>
}

export function readNotifySetup(env: Env): NotifySetup {
  const setup: NotifySetup = { config: {}, channels: [], problems: {} }
  const attempt = (channel: ChannelName, read: () => void) => {
    setup.channels.push(channel)
    try {
      read()
    } catch (error) {
      setup.problems[channel] = (error as Error).message
    }
  }
  const webhookUrl = env.NOTIFY_WEBHOOK_URL?.trim()
  if (webhookUrl) {
    attempt('webhook', () => {
      setup.config.webhook = {
        url: httpUrl('NOTIFY_WEBHOOK_URL', webhookUrl),
        secret: required(env, 'NOTIFY_WEBHOOK_SECRET'),
      }
    })
  }
  const to = (env.NOTIFY_EMAIL_TO ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
  if (to.length > 0) {
    attempt('email', () => {
      const apiUrl = httpUrl('NOTIFY_EMAIL_API_URL', env.NOTIFY_EMAIL_API_URL?.trim() || DEFAULT_EMAIL_API_URL)
      setup.config.email = {
        apiUrl: apiUrl.replace(/\/+$/, ''),
        apiKey: required(env, 'NOTIFY_EMAIL_API_KEY'),
        from: required(env, 'NOTIFY_EMAIL_FROM'),
        to,
      }
    })
  }
  return setup
}

/**
 * One line for start-up output: where notifications go, without printing secrets, and what
 * keeps a channel asked for from sending.
 */
export function describeNotifications(setup: NotifySetup): string {
  const { config, problems } = setup
  const parts: string[] = []
  if (config.webhook) parts.push(`webhook to ${new URL(config.webhook.url).origin}`)
  if (config.email)
    parts.push(`e-mail to ${config.email.to.length} address(es) via ${new URL(config.email.apiUrl).host}`)
  for (const [channel, problem] of Object.entries(problems)) {
    parts.push(`${channel} not sending until its setting is fixed (${problem}); its notifications are kept`)
  }
  return parts.length > 0
    ? `Notifications: ${parts.join(', ')}.`
    : 'Notifications are off: set NOTIFY_WEBHOOK_URL (+ NOTIFY_WEBHOOK_SECRET) or NOTIFY_EMAIL_TO (+ NOTIFY_EMAIL_API_KEY, NOTIFY_EMAIL_FROM) to have leads sent to the team.'
}

function required(env: Env, name: string): string {
  const value = env[name]?.trim()
  if (!value) throw new Error(`${name} must be set (notifications are configured but incomplete)`)
  return value
}

function httpUrl(name: string, value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} is not a URL: ${JSON.stringify(value)}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL`)
  return value
}

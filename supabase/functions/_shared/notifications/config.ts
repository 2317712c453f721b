/**
 * Notification channels, configured by environment (function secrets on Supabase,
 * process.env locally). A channel is on when its address is set; a half-configured
 * channel is an error rather than a silently lost lead.
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

/** The complete settings; a channel asked for but set up halfway is an error. */
export function readNotifyConfig(env: Env): NotifyConfig {
  const setup = readNotifySetup(env)
  const problem = Object.values(setup.problems)[0]
  if (problem !== undefined) throw new Error(problem)
  return setup.config
}

export function channelNames(config: NotifyConfig): ChannelName[] {
  return (['webhook', 'email'] as const).filter((name) => config[name] !== undefined)
}

/** One line for start-up output; names where notifications go without printing secrets. */
export function describeNotifications(config: NotifyConfig): string {
  const parts: string[] = []
  if (config.webhook) parts.push(`webhook to ${new URL(config.webhook.url).origin}`)
  if (config.email)
    parts.push(`e-mail to ${config.email.to.length} address(es) via ${new URL(config.email.apiUrl).host}`)
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

/** Handler settings read from the environment (Deno.env on Supabase, a plain object locally). */
import { type ClientIpRules, parseTrustedProxies } from './client-ip.ts'
import { parseAllowedOrigins } from './cors.ts'

export type Env = Readonly<Record<string, string | undefined>>

export interface HandlerConfig {
  allowedOrigins: string[]
  /** 0 turns the per-IP limit off (benchmarks, trusted local use). */
  rateLimitMax: number
  /** Submissions per e-mail address and window; 0 turns this limit off. */
  rateLimitEmailMax: number
  rateLimitWindowSeconds: number
  ipHashSalt: string
  clientIp: ClientIpRules
}

/** Used only when IP_HASH_SALT is unset; with it, IPv4 hashes are guessable, so set a secret salt when hosted. */
export const FALLBACK_SALT = 'guardline-ip-hash-salt-unset'

export function readConfig(env: Env): HandlerConfig {
  return {
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    rateLimitMax: nonNegativeInt(env.RATE_LIMIT_MAX, 10),
    rateLimitEmailMax: nonNegativeInt(env.RATE_LIMIT_EMAIL_MAX, 3),
    rateLimitWindowSeconds: Math.max(1, nonNegativeInt(env.RATE_LIMIT_WINDOW_SECONDS, 600)),
    ipHashSalt: env.IP_HASH_SALT || FALLBACK_SALT,
    clientIp: {
      trustedProxies: parseTrustedProxies(env.TRUST_PROXY),
      platformHeader: env.CLIENT_IP_HEADER?.trim().toLowerCase() || undefined,
    },
  }
}

/** Whole days from the environment, e.g. a retention period; `fallback` when unset. */
export function positiveDays(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a whole number of days (1 or more)`)
  return parsed
}

function nonNegativeInt(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const parsed = Number(value)
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback
}

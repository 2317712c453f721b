/** Handler settings read from the environment (Deno.env on Supabase, a plain object locally). */
import { parseAllowedOrigins } from './cors.ts'

export type Env = Readonly<Record<string, string | undefined>>

export interface HandlerConfig {
  allowedOrigins: string[]
  /** 0 turns the per-IP limit off (benchmarks, trusted local use). */
  rateLimitMax: number
  rateLimitWindowSeconds: number
  ipHashSalt: string
}

/** Used only when IP_HASH_SALT is unset; with it, IPv4 hashes are guessable, so set a secret salt when hosted. */
export const FALLBACK_SALT = 'guardline-ip-hash-salt-unset'

export function readConfig(env: Env): HandlerConfig {
  return {
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    rateLimitMax: nonNegativeInt(env.RATE_LIMIT_MAX, 10),
    rateLimitWindowSeconds: Math.max(1, nonNegativeInt(env.RATE_LIMIT_WINDOW_SECONDS, 600)),
    ipHashSalt: env.IP_HASH_SALT || FALLBACK_SALT,
  }
}

function nonNegativeInt(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const parsed = Number(value)
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback
}

/**
 * CORS with an allow-list. Entries are exact origins ("https://example.com"),
 * origins with any port ("http://localhost:*") or "*" for every origin.
 *
 * Refusing a disallowed Origin matters for POST too, not only for reading the
 * answer: multipart/form-data is a "simple" request that browsers send to any
 * site without a preflight.
 */
import { errorResponse } from './responses.ts'

export const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'idempotency-key',
  'x-idempotency-key',
].join(', ')

export function parseAllowedOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/\/+$/, ''))
    .filter((entry) => entry.length > 0)
}

/**
 * Requests without an Origin (same-origin navigation, curl, server to server)
 * and requests from the function's own origin are always allowed.
 */
export function isOriginAllowed(origin: string | null, allowList: readonly string[], requestUrl: string): boolean {
  if (origin === null) return true
  if (safeOrigin(requestUrl) === origin) return true
  return allowList.some((entry) => originMatches(entry, origin))
}

function originMatches(entry: string, origin: string): boolean {
  if (entry === '*') return true
  if (!entry.endsWith(':*')) return entry === origin
  const prefix = entry.slice(0, -2)
  return origin === prefix || new RegExp(`^${escapeRegExp(prefix)}:\\d{1,5}$`).test(origin)
}

/** Headers every answer carries; the allow header only for an allowed Origin. */
export function corsHeaders(origin: string | null, allowed: boolean): Record<string, string> {
  const headers: Record<string, string> = { Vary: 'Origin' }
  if (origin !== null && allowed) headers['Access-Control-Allow-Origin'] = origin
  return headers
}

export function preflightHeaders(origin: string | null, allowed: boolean): Record<string, string> {
  if (!allowed) return corsHeaders(origin, false)
  return {
    ...corsHeaders(origin, true),
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '86400',
  }
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * How every function the site POSTs to begins: a preflight is answered, a request from an origin
 * not allowed is refused (403, with `refusal` saying what it may not do), any method but POST is
 * refused (405). `answer` is that response, or null to go on; `cors` goes on every later answer.
 */
export function admitPost(
  req: Request,
  allowList: readonly string[],
  refusal: string,
): { cors: Record<string, string>; answer: Response | null } {
  const origin = req.headers.get('origin')
  const allowed = isOriginAllowed(origin, allowList, req.url)
  const cors = corsHeaders(origin, allowed)
  if (req.method === 'OPTIONS') {
    return {
      cors,
      answer: new Response(null, { status: allowed ? 204 : 403, headers: preflightHeaders(origin, allowed) }),
    }
  }
  if (!allowed) return { cors, answer: errorResponse(403, refusal, cors) }
  if (req.method !== 'POST')
    return { cors, answer: errorResponse(405, 'Only POST is accepted.', { ...cors, Allow: 'POST, OPTIONS' }) }
  return { cors, answer: null }
}

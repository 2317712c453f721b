/**
 * The fixed rate-limit window an instant falls in, shared by the form functions and collect:
 * its start (the counter's key) and the whole seconds until the next one starts (a 429's
 * Retry-After, at least 1).
 */
export function rateLimitWindow(nowMs: number, windowSeconds: number): { start: Date; retryAfterSeconds: number } {
  const windowMs = windowSeconds * 1000
  const start = Math.floor(nowMs / windowMs) * windowMs
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) }
}

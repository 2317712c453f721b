/**
 * The client address is only ever kept as a salted SHA-256, enough to count
 * submissions per network without storing who sent them.
 */

/** First x-forwarded-for entry (set by the platform's proxy), else what the adapter saw. */
export function clientIpOf(req: Request, fallback?: string): string {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return forwarded || fallback || 'unknown'
}

export async function hashIp(ip: string, salt: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\u0000${ip}`))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Webhook signature in Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 * Web Crypto, so the same code signs in Deno (Supabase) and in Node (local backend).
 */
const encoder = new TextEncoder()

export async function signatureHeader(secret: string, unixSeconds: number, rawBody: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${unixSeconds}.${rawBody}`))
  const hex = Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `t=${unixSeconds},v1=${hex}`
}

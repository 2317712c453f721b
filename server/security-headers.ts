// The production response headers, in one place: the Node server sends them and the build
// writes them to dist/_headers, so a static host or CDN behaves the same.

/** Content-Security-Policy: no inline or evaluated script; `backendOrigin` for the forms. */
export function contentSecurityPolicy(backendOrigin?: string): string {
  const connect = ["'self'", ...(backendOrigin ? [backendOrigin] : [])].join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React and Mantine set style attributes (e.g. a card's animation delay); no <style> needs it.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // The forms post to their function when sent without JavaScript.
    `form-action ${connect}`,
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ')
}

export function securityHeaders(backendOrigin?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(backendOrigin),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  }
}

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'

/** dist/_headers in the format Netlify and Cloudflare Pages read. */
export function formatHeadersFile(backendOrigin?: string): string {
  const all = Object.entries(securityHeaders(backendOrigin)).map(([k, v]) => `  ${k}: ${v}`)
  return ['/*', ...all, `  Cache-Control: ${REVALIDATE}`, '', '/assets/*', `  Cache-Control: ${IMMUTABLE}`, ''].join(
    '\n',
  )
}

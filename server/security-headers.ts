// The production response headers, in one place: the Node server sends them and the build
// writes them to dist/_headers, so a static host or CDN behaves the same.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** What the CSP needs to know about the build and its backend. */
export type PolicyInputs = {
  /** The functions' origin when it is not the site's own (the forms post and fetch there). */
  backendOrigin?: string
  /** 'sha256-…' sources of the inline scripts the pages run (the boot script), read off the built HTML. */
  scriptHashes?: string[]
  /**
   * Whether the pages are served over https. Only then does the policy ask the browser to
   * upgrade insecure requests: over plain http (the local servers on 127.0.0.1, a self-hosted
   * site without TLS) WebKit would upgrade every same-origin request and link to https on an
   * http port, and nothing would load. Chromium and Firefox treat loopback as secure, so only
   * Safari showed it.
   */
  https?: boolean
}

/**
 * The hashes of the executable inline scripts in a built page. Data blocks (JSON, JSON-LD) are
 * never executed and need none.
 */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes) || /type="application\/(?:ld\+)?json"/i.test(attributes) || !code) continue
    hashes.add(`'sha256-${createHash('sha256').update(code).digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * The policy's inputs for a build: its backend (VITE_SUPABASE_URL, as the bundle was built
 * with) and the hashes of the boot script its pages inline, read off its home page (every page
 * inlines the same one). The server and dist/_headers both take them from here.
 */
export function policyInputsOf(distDir: string, env: Record<string, string | undefined> = process.env): PolicyInputs {
  return {
    backendOrigin: env.VITE_SUPABASE_URL ? new URL(env.VITE_SUPABASE_URL).origin : undefined,
    scriptHashes: inlineScriptHashes(readFileSync(join(distDir, 'index.html'), 'utf8')),
  }
}

/** Content-Security-Policy: no evaluated script, no inline script but the hashed boot script. */
export function contentSecurityPolicy({ backendOrigin, scriptHashes = [], https = false }: PolicyInputs = {}): string {
  const connect = ["'self'", ...(backendOrigin ? [backendOrigin] : [])].join(' ')
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
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
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

export function securityHeaders(inputs: PolicyInputs = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inputs),
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

/**
 * dist/_headers in the format Netlify and Cloudflare Pages read: `inputs.https` is whether the
 * site's own origin (site.yaml's seo.origin) is https, where those hosts serve it.
 *
 * No rule but `/assets/*` sets Cache-Control. Cloudflare Pages joins the values of every rule
 * that matches (a `/*` rule's no-cache would make the hashed assets `no-cache, public,
 * max-age=31536000, immutable`: revalidated on every visit), and Netlify lets the last one win.
 * Everything else keeps both hosts' default, `public, max-age=0, must-revalidate`: revalidated
 * on every visit, as `npm run serve`'s no-cache.
 */
export function formatHeadersFile(inputs: PolicyInputs = {}): string {
  const all = Object.entries(securityHeaders(inputs)).map(([k, v]) => `  ${k}: ${v}`)
  return ['/*', ...all, '', '/assets/*', `  Cache-Control: ${IMMUTABLE}`, ''].join('\n')
}

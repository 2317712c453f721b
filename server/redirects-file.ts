// dist/_redirects, in the format static hosts read ("/from /to 301"), is the one list of
// redirects the production server and any CDN share. It also names each language's not-found
// page ("/es/* /es/404.html 404": Netlify's form; Cloudflare Pages finds dist/es/404.html itself).
import type { Redirect } from '../src/content/types.ts'

/** Addresses under `prefix` that no file answers get the not-found page `page`. */
export type NotFoundPage = { prefix: string; page: string }

export function formatRedirects(redirects: readonly Redirect[], notFound: readonly NotFoundPage[] = []): string {
  return `${[
    ...redirects.map((r) => `${r.from} ${r.to} 301`),
    ...notFound.map((n) => `${n.prefix}/* ${n.page} 404`),
  ].join('\n')}\n`
}

export function parseRedirects(text: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/)
    if (from?.startsWith('/') && to && status !== '404') map.set(from, to)
  }
  return map
}

/** The not-found pages by folder, most specific first. */
export function parseNotFoundPages(text: string): NotFoundPage[] {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([from, page, status]) => from?.endsWith('/*') && page && status === '404')
    .map(([from, page]) => ({ prefix: from.slice(0, -2), page }))
    .sort((a, b) => b.prefix.length - a.prefix.length)
}

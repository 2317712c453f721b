// A page's address is its file path under pages/: pages/services/event-security.yaml
// -> /services/event-security; an index.yaml stands for its folder.

/** A word of an address, as a folder's or a page file's name: lowercase letters, digits and dashes. */
const WORD = '[a-z0-9][a-z0-9-]*'
/** A page file's name. */
export const PAGE_FILE = new RegExp(`^${WORD}\\.ya?ml$`)
/** A page file's path from the site's root: under pages/, every folder and the name a word of its address. */
export const PAGE_PATH = new RegExp(`^pages/(?:${WORD}/)*${WORD}\\.ya?ml$`)

export function addressOf(relativeFile: string): string {
  const segments = relativeFile.replace(/\.ya?ml$/, '').split('/')
  if (segments[segments.length - 1] === 'index') segments.pop()
  return `/${segments.join('/')}`
}

/**
 * The file that holds a page's HTML in dist/: / -> index.html, /services/x -> services/x.html.
 * Cloudflare Pages and Netlify serve /services/x from services/x.html with no redirect; from a
 * folder's index.html they would answer 308 (or 301) to /services/x/, and every canonical
 * address, sitemap entry and link would cost a round trip.
 */
export function pageFileOf(address: string): string {
  return address === '/' ? 'index.html' : `${address.slice(1)}.html`
}

/** The file that holds a page's data in dist/ and in the dev server: /_data/services/x.json */
export function dataUrlOf(address: string): string {
  return `/_data${address === '/' ? '/index' : address}.json`
}

/** An address as a full URL on the site's origin (site.yaml's seo.origin): the canonical link, hreflang, structured data. */
export function canonicalUrl(site: { seo: { origin: string } }, address: string) {
  return site.seo.origin + address
}

// The <head> of a page, from its `meta` and site.yaml's SEO defaults. Returned in the shape
// of TanStack Router's route `head` option, which renders and updates the tags.

import type { PageData } from '../blocks/types'
import type { BrowserSite } from '../content/browser-site'

type HeadTags = {
  meta: Array<Record<string, string>>
  links: Array<Record<string, string>>
}

export function canonicalUrl(site: BrowserSite, address: string) {
  return site.seo.origin + address
}

/** The sharing image generated for every page at build time (scripts/og-images.ts). */
export function generatedOgImage(address: string) {
  return `/og${address === '/' ? '/index' : address}.png`
}

// Pages a visitor is likely to open next: the browser fetches them while idle.
const PREFETCH = ['/services', '/contact-us', '/services/executive-protection', '/services/event-security']

/** Tags on every page, from site.yaml: where the business is, and what to fetch early. */
export function siteHead(site: BrowserSite): HeadTags {
  const { address } = site.company
  const backend = import.meta.env.VITE_SUPABASE_URL
  return {
    meta: [
      { name: 'geo.region', content: `${address.country}-${address.region}` },
      { name: 'geo.placename', content: `${address.city}, ${address.regionName}` },
      { name: 'geo.position', content: `${address.latitude};${address.longitude}` },
      { name: 'ICBM', content: `${address.latitude}, ${address.longitude}` },
    ],
    links: [
      ...(backend ? [{ rel: 'preconnect', href: new URL(backend).origin, crossOrigin: 'anonymous' }] : []),
      ...PREFETCH.map((href) => ({ rel: 'prefetch', href })),
    ],
  }
}

export function pageHead(page: PageData, site: BrowserSite): HeadTags {
  const { meta } = page
  const url = canonicalUrl(site, meta.canonical ?? page.path)
  const image = site.seo.origin + (meta.ogImage ?? generatedOgImage(page.path))
  return {
    meta: [
      { title: meta.title },
      { name: 'description', content: meta.description },
      ...(meta.keywords?.length ? [{ name: 'keywords', content: meta.keywords.join(', ') }] : []),
      { name: 'robots', content: meta.noindex ? 'noindex, follow' : 'index, follow' },
      { property: 'og:title', content: meta.ogTitle ?? meta.title },
      { property: 'og:description', content: meta.ogDescription ?? meta.description },
      { property: 'og:type', content: meta.ogType ?? 'website' },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image },
      { property: 'og:site_name', content: site.seo.siteName },
      { property: 'og:locale', content: site.seo.locale },
      { name: 'twitter:card', content: 'summary_large_image' },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { property: 'og:image:alt', content: meta.ogTitle ?? meta.title },
      { name: 'twitter:site', content: site.seo.twitterHandle },
      { name: 'twitter:title', content: meta.ogTitle ?? meta.title },
      { name: 'twitter:description', content: meta.ogDescription ?? meta.description },
      { name: 'twitter:image', content: image },
    ],
    links: [{ rel: 'canonical', href: url }],
  }
}

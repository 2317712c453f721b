// The <head> of a page, from its `meta` and site.yaml's SEO defaults. Returned in the shape
// of TanStack Router's route `head` option, which renders and updates the tags.

import type { PageData } from '../blocks/types'
import { canonicalUrl } from '../content/addresses'
import type { BrowserSite } from '../content/browser-site'
import type { SiteLocale } from '../content/locales'

type HeadTags = {
  meta: Array<Record<string, string>>
  links: Array<Record<string, string>>
}

/** The sharing image generated for every page at build time (src/build/steps/sharing-images.tsx). */
export function generatedOgImage(address: string) {
  return `/og${address === '/' ? '/index' : address}.png`
}

/**
 * The pages a visitor is likely to open next, in the page's language: the services listing, the
 * contact page and the first two services. The app fetches their data once it is idle
 * (src/app/start-app.tsx), so a tap on one shows it at once.
 */
export function likelyNextPages(site: BrowserSite): string[] {
  // An address, not a place in its page (the call to action leads to the contact form's first field).
  const page = (href: string) => href.replace(/#.*$/, '')
  return [site.nav.services.href, page(site.nav.cta.href), ...site.services.slice(0, 2).map((s) => s.href)]
}

/**
 * Tags on every page, from site.yaml in the page's language: where the business is. No prefetch
 * of other pages: fetched while the page loads, they took the connection from it (a page counted
 * as painted only once they were in, Lighthouse's LCP rose by up to 0.5 s).
 */
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
    links: [...(backend ? [{ rel: 'preconnect', href: new URL(backend).origin, crossOrigin: 'anonymous' }] : [])],
  }
}

/**
 * The tags of one page. A page with translations lists every version, itself included, as
 * hreflang alternates with x-default for the default language's, when it is indexed and its
 * own canonical (Google's rules for localized versions); its link preview names its language
 * and the others.
 */
export function pageHead(page: PageData, site: BrowserSite, locales: readonly SiteLocale[]): HeadTags {
  const { meta } = page
  const url = canonicalUrl(site, meta.canonical ?? page.path)
  const image = site.seo.origin + (meta.ogImage ?? generatedOgImage(page.path))
  const ogLocale = (code: string) => locales.find((l) => l.code === code)?.ogLocale ?? ''
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
      { property: 'og:locale', content: ogLocale(page.locale) },
      ...page.translations.map((t) => ({ property: 'og:locale:alternate', content: ogLocale(t.locale) })),
      { name: 'twitter:card', content: 'summary_large_image' },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { property: 'og:image:alt', content: meta.ogTitle ?? meta.title },
      { name: 'twitter:site', content: site.seo.twitterHandle },
      { name: 'twitter:title', content: meta.ogTitle ?? meta.title },
      { name: 'twitter:description', content: meta.ogDescription ?? meta.description },
      { name: 'twitter:image', content: image },
    ],
    links: [{ rel: 'canonical', href: url }, ...hreflangLinks(page, site, locales)],
  }
}

/** The hreflang alternates of a page: every version with its language, then x-default. */
export function hreflangLinks(page: PageData, site: BrowserSite, locales: readonly SiteLocale[]) {
  const indexed = !page.meta.noindex && (!page.meta.canonical || page.meta.canonical === page.path)
  if (!indexed || !page.translations.length) return []
  const versions = [{ locale: page.locale, path: page.path }, ...page.translations]
  const order = (code: string) => locales.findIndex((l) => l.code === code)
  versions.sort((a, b) => order(a.locale) - order(b.locale))
  const byDefault = versions.find((v) => v.locale === locales[0].code)
  return [
    ...versions.map((v) => ({ rel: 'alternate', hrefLang: v.locale, href: canonicalUrl(site, v.path) })),
    ...(byDefault ? [{ rel: 'alternate', hrefLang: 'x-default', href: canonicalUrl(site, byDefault.path) }] : []),
  ]
}

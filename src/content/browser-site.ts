import type { SiteLocale } from './locales'
import type { layoutTextsSchema } from './site-texts-schema'
import type { SiteConfig } from './types'

/**
 * What of site.yaml the browser needs, in one language: the layout (header, footer, floating
 * actions, the 404 page, the head's tags, the layout's texts) and the contact details the forms
 * show. The rest (claims, related links, the services' summaries, redirects, the blocks' texts)
 * is resolved into the pages at build time, so it stays out of the bundle every page loads. The
 * default language's is in the bundle; each other one is a chunk of its own, loaded by its
 * pages only. The type is what `virtual:site` exports: code in the browser that reads anything
 * else does not compile.
 */
export function browserSite(site: SiteConfig, locale: SiteLocale): BrowserSite {
  const { name, shortName, legalName, description, phone, email, address, social } = site.company
  // The footer lists these; the others are for pages and search engines, resolved at build time.
  const credentials = Object.values(site.company.credentials)
    .filter((c) => c.footer)
    .map((c) => c.name)
  const texts = Object.fromEntries(LAYOUT_TEXTS.map((key) => [key, site.texts[key]])) as BrowserSite['texts']
  return {
    company: { name, shortName, legalName, description, phone, email, address, social, credentials },
    services: site.services.map(({ title, href }) => ({ title, href })),
    nav: site.nav,
    footer: site.footer,
    seo: site.seo,
    notFound: site.notFound,
    texts,
    locale,
  }
}

// The layout's texts; each key of texts that is not here is a block's, resolved at build time.
const LAYOUT_TEXTS = [
  'skipLink',
  'header',
  'footer',
  'floatingActions',
  'breadcrumbs',
  'errorPage',
] as const satisfies readonly (keyof typeof layoutTextsSchema)[]

type Company = SiteConfig['company']
type Service = SiteConfig['services'][number]

export type BrowserSite = Pick<SiteConfig, 'nav' | 'footer' | 'seo' | 'notFound'> & {
  company: Pick<
    Company,
    'name' | 'shortName' | 'legalName' | 'description' | 'phone' | 'email' | 'address' | 'social'
  > & {
    /** The names of the credentials the footer lists (`footer: true`), in order. */
    credentials: string[]
  }
  services: Pick<Service, 'title' | 'href'>[]
  texts: Pick<SiteConfig['texts'], (typeof LAYOUT_TEXTS)[number]>
  /** The language this is in: its code (the page's lang) and its home page's address. */
  locale: SiteLocale
}

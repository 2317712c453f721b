// site.yaml as each language sees it. The default language's words are site.yaml's own; another
// language's are the default ones with what `locales.<code>` translates put in their place. Facts
// (phone, credentials' numbers, addresses of pages) are never translated: they are read from one place.
import { type SiteLocale, siteLocales } from '../content/locales'
import type { SiteConfig } from '../content/types'

export type LocaleConfig = SiteConfig['locales'][string]

/** The parts of site.yaml every page shows in words, which each other language must translate. */
export const TRANSLATED_SECTIONS = ['nav', 'footer', 'notFound', 'texts'] as const

/**
 * site.yaml in one language. `translationIn(address)` is the address of the page translating
 * a default-language page into this language, if there is one: the service catalogue lists
 * only the services whose page is translated, at the translation's address.
 */
export function localizeSite(
  site: SiteConfig,
  locale: SiteLocale,
  translationIn: (address: string) => string | undefined,
): SiteConfig {
  const locales = siteLocales(site)
  if (locale.code === locales[0].code) return site
  const words: LocaleConfig = site.locales[locale.code]
  const credentialNames = words.company?.credentials ?? {}
  return {
    ...site,
    company: {
      ...site.company,
      description: words.company?.description ?? site.company.description,
      credentials: Object.fromEntries(
        Object.entries(site.company.credentials).map(([key, c]) => [key, { ...c, ...credentialNames[key] }]),
      ),
    },
    claims: { ...site.claims, ...words.claims },
    services: site.services.flatMap((service) => {
      const href = translationIn(service.href)
      const translated = words.services?.[service.href]
      return href && translated ? [{ ...service, href, ...translated }] : []
    }),
    // A set this language does not translate is empty: a related-links block using it is left
    // out of the page rather than shown in another language.
    relatedLinks: Object.fromEntries(
      Object.keys(site.relatedLinks).map((name) => [name, words.relatedLinks?.[name] ?? []]),
    ),
    nav: words.nav ?? site.nav,
    footer: words.footer ? { ...site.footer, ...words.footer } : site.footer,
    notFound: words.notFound ?? site.notFound,
    breadcrumbLabels: words.breadcrumbLabels ?? {},
    texts: words.texts ?? site.texts,
  }
}

/**
 * The facts pages may write as {{placeholders}}, in one language: the default ones, with the
 * wording `locales.<code>` gives the figures and descriptions that have words in them.
 */
export function localeFacts(facts: ReadonlyMap<string, string>, code: string, isDefault: boolean) {
  if (isDefault) return facts
  const prefix = `locales.${code}.`
  const out = new Map(facts)
  for (const [path, value] of facts)
    if (path.startsWith(prefix) && facts.has(path.slice(prefix.length))) out.set(path.slice(prefix.length), value)
  return out
}

/** A figure written with words ("under 2 hours"), which each language must word its own way. */
export const hasWords = (value: string) => /\p{L}{2,}/u.test(value)

/** The numbers in a text, separators removed: "2,000-attendee" and "2.000 invitados" both give [2000]. */
export const numbersIn = (value: string) => (value.match(/\d[\d.,]*\d|\d/g) ?? []).map((n) => n.replace(/[.,]/g, ''))

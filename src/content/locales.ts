// The site's languages (site.yaml `locales`): the first is the default, whose pages live at /;
// every other one lives at /<code>/ (pages/<code>/). A page's language is its address's.
import type { SiteConfig } from './types'

export type SiteLocale = {
  /** Two-letter language code: the page's <html lang>, its hreflang and its JSON-LD inLanguage. */
  code: string
  /** The language's name in itself, as the language switcher shows it. */
  name: string
  ogLocale: string
  /** Its home page's address: / for the default language, /<code> for the others. */
  home: string
}

export function siteLocales(site: Pick<SiteConfig, 'locales'>): SiteLocale[] {
  return Object.entries(site.locales).map(([code, locale], i) => ({
    code,
    name: locale.name,
    ogLocale: locale.ogLocale,
    home: i === 0 ? '/' : `/${code}`,
  }))
}

/** The language an address belongs to: the one whose folder it is in, else the default. */
export function localeOf<L extends Pick<SiteLocale, 'home'>>(address: string, locales: readonly L[]): L {
  return locales.find((l, i) => i > 0 && (address === l.home || address.startsWith(`${l.home}/`))) ?? locales[0]
}

// Which pages translate which. A page in another language names the default-language page it
// translates in `meta.translationOf`, the only place a pair is written; everything else (the
// hreflang links, the sitemap's alternates, the language switcher, the service catalogue of a
// language) is derived from it here. Problems with the pairs are the integrity check's
// (integrity/translations.ts): here a broken pair is simply no pair.
import { createHash } from 'node:crypto'
import { localeOf, type SiteLocale } from '../content/locales'
import type { PageMeta } from '../content/types'
import type { YamlSource } from './yaml-source'

type Translatable = { address: string; raw: { meta: PageMeta } }

export type Translations = {
  /** Every version of the page at `address`, itself included, in the order of site.yaml's locales. */
  versionsOf(address: string): { locale: string; path: string }[]
  /** The page translating the default-language page at `address` into `locale`. */
  translationOf(address: string, locale: string): string | undefined
}

export function pairTranslations(pages: readonly Translatable[], locales: readonly SiteLocale[]): Translations {
  const byAddress = new Map(pages.map((p) => [p.address, p]))
  const defaultLocale = locales[0].code
  const isDefault = (address: string) => localeOf(address, locales).code === defaultLocale
  // Default-language address -> locale -> translating page (the first one, if two claim it).
  const groups = new Map<string, Map<string, string>>()
  for (const page of pages) {
    const source = page.raw.meta.translationOf
    const locale = localeOf(page.address, locales).code
    if (!source || locale === defaultLocale || !byAddress.has(source) || !isDefault(source)) continue
    const group = groups.get(source) ?? new Map([[defaultLocale, source]])
    if (!group.has(locale)) group.set(locale, page.address)
    groups.set(source, group)
  }
  const groupOf = (address: string) => {
    const source = isDefault(address) ? address : byAddress.get(address)?.raw.meta.translationOf
    const group = source ? groups.get(source) : undefined
    return group && [...group.values()].includes(address) ? group : undefined
  }
  const order = (code: string) => locales.findIndex((l) => l.code === code)
  return {
    versionsOf(address) {
      const group = groupOf(address)
      if (!group) return [{ locale: localeOf(address, locales).code, path: address }]
      return [...group].map(([locale, path]) => ({ locale, path })).sort((a, b) => order(a.locale) - order(b.locale))
    },
    translationOf: (address, locale) => groups.get(address)?.get(locale),
  }
}

/**
 * What a translation was made from: a fingerprint of its source page's content as written
 * (placeholders unfilled, so a changed fact in site.yaml does not make every translation stale).
 */
export function contentHash(source: Pick<YamlSource, 'data'>): string {
  return createHash('sha256').update(JSON.stringify(source.data)).digest('hex').slice(0, 12)
}

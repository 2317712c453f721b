// A site text that counts something has a form for one and for every other number (site.yaml
// e.g. texts.search.results: { one: "{count} result…", other: "{count} results…" }).
import { fillText } from './texts'

export type PluralText = { one: string; other: string }

/** The form for `count` in `locale` (Intl's plural rules: Spanish and English say "1" alike), filled in. */
export function pluralText(
  locale: string,
  forms: PluralText,
  count: number,
  values: Record<string, string | number> = {},
): string {
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? forms.one : forms.other
  return fillText(form, { count, ...values })
}

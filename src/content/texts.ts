// Site-wide texts (site.yaml `texts`) are templates: `{name}` is filled in where the text is
// shown, and a text that counts something has a form for one and for every other number.

export type PluralText = { one: string; other: string }

const SLOT = /\{(\w+)\}/g

/** The template with each {name} replaced by its value (a name without a value stays as written). */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(SLOT, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

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

/** The template split at its {slots}: text, then the slot's name, alternately (for React nodes). */
export function splitSlots(template: string): { text: string; slot?: string }[] {
  const parts: { text: string; slot?: string }[] = []
  let last = 0
  for (const match of template.matchAll(SLOT)) {
    parts.push({ text: template.slice(last, match.index), slot: match[1] })
    last = match.index + match[0].length
  }
  parts.push({ text: template.slice(last) })
  return parts
}

// Site-wide texts (site.yaml `texts`) are templates: `{name}` is filled in where the text is
// shown (a text that counts something is in plural-text.ts, so that only the blocks that count
// carry it).

const SLOT = /\{(\w+)\}/g

/** The template with each {name} replaced by its value (a name without a value stays as written). */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(SLOT, (whole, name: string) => (name in values ? String(values[name]) : whole))
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

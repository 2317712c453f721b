/**
 * A form's answers from its posted entries (a browser's FormData, or the body of a plain
 * `<form method="post">`), typed by the schema: a list for array fields (checkboxes), a number
 * for integer and number fields when the text is one, trimmed text otherwise. Empty answers are
 * left out, so "   " counts as unanswered. The browser form and the no-JavaScript post path
 * both use it, so the two send the function the very same fields.
 */
import type { JsonSchemaLike } from './define.ts'

export type Entry = readonly [name: string, value: string]

export function answersFromEntries(schema: JsonSchemaLike, entries: Iterable<Entry>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, { type?: string }>
  const grouped = new Map<string, string[]>()
  for (const [name, value] of entries) grouped.set(name, [...(grouped.get(name) ?? []), value.trim()])
  const answers: Record<string, unknown> = {}
  for (const [name, values] of grouped) {
    const type = properties[name]?.type
    if (type === 'array') {
      const chosen = values.filter((v) => v !== '')
      if (chosen.length) answers[name] = chosen
    } else if (values[0]) {
      const numeric = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(values[0])
      answers[name] = numeric ? Number(values[0]) : values[0]
    }
  }
  return answers
}

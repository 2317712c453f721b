// A form's words in another language (forms/<kind>/<locale>.json) name every field the visitor
// reads and every option of each, and nothing the schema does not have: a field added to the
// schema, or an option renamed, fails here instead of showing English on the Spanish site.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { browserSchema, type FieldTranslation, translatedSchema } from '../../../common/forms/define'
import { FORMS } from '../../../forms/registry'
import { rjsfUiSchema } from '../../../src/forms/derive'

type Option = { const: string; title: string }
type Property = { title?: string; description?: string; oneOf?: Option[]; items?: { oneOf?: Option[] } }
/** A field's options: a choice's own, or a list's (checkboxes) under `items`. */
const optionsOf = (property: Property) => property.oneOf ?? property.items?.oneOf ?? []

const translated = Object.entries(FORMS).flatMap(([kind, form]) =>
  Object.entries(form.translations ?? {}).map(([locale, translation]) => ({ kind, locale, form, translation })),
)

describe.each(translated)('the $kind form in $locale', ({ form, translation, locale }) => {
  const properties = browserSchema(form).properties as Record<string, Property>
  const uiSchema = form.uiSchema as Record<string, { 'ui:placeholder'?: string }>

  it('is a language of the site', () => {
    const site = parse(readFileSync('site.yaml', 'utf8')) as { locales: Record<string, unknown> }
    expect(Object.keys(site.locales)).toContain(locale)
  })

  it('translates every label, help text, placeholder and option, and names nothing else', () => {
    expect(Object.keys(translation.fields).sort()).toEqual(Object.keys(properties).sort())
    for (const [name, property] of Object.entries(properties)) {
      const words: FieldTranslation = translation.fields[name]
      expect(words.title, `${name}: title`).toBeTruthy()
      if (property.description) expect(words.description, `${name}: description`).toBeTruthy()
      if (uiSchema[name]?.['ui:placeholder']) expect(words.placeholder, `${name}: placeholder`).toBeTruthy()
      const values = optionsOf(property).map((o) => o.const)
      expect(Object.keys(words.options ?? {}).sort(), `${name}: options`).toEqual([...values].sort())
    }
    for (const name of Object.keys(translation.patterns ?? {})) expect(properties).toHaveProperty(name)
  })

  it('words its “at least one of these fields” rule when its schema has one, and only then', () => {
    expect(translation.atLeastOne !== undefined, 'atLeastOne').toBe(Array.isArray(form.schema.anyOf))
    if (translation.atLeastOne !== undefined) expect(translation.atLeastOne).toContain('{fields}')
  })

  it('titles every group (each step of a form in steps), and no group the UI schema does not have', () => {
    const groups = (form.uiSchema['ui:options'] as { groups?: { description?: string }[] } | undefined)?.groups ?? []
    expect(translation.groups ?? []).toHaveLength(groups.length)
    groups.forEach((group, i) => {
      expect(translation.groups?.[i]?.title, `group ${i}: title`).toBeTruthy()
      if (group.description) expect(translation.groups?.[i]?.description, `group ${i}: description`).toBeTruthy()
    })
    const ui = rjsfUiSchema(form, browserSchema(form), translation)
    const shown = (ui['ui:options'] as { groups?: { title: string }[] } | undefined)?.groups ?? []
    expect(shown.map((g) => g.title)).toEqual((translation.groups ?? []).map((g) => g.title))
  })

  it('changes words only: the rules of the translated schema are the same', () => {
    const strip = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value, (key, v) => (['title', 'description'].includes(key) ? undefined : v)))
    expect(strip(translatedSchema(form.schema, translation))).toEqual(strip(form.schema))
  })

  it('puts its words where rjsf reads them first, and leaves the schema alone', () => {
    const schema = browserSchema(form)
    const ui = rjsfUiSchema(form, schema, translation) as Record<string, Record<string, unknown>>
    for (const [name, words] of Object.entries(translation.fields)) {
      expect(ui[name]?.['ui:title']).toBe(words.title)
      if (words.options)
        expect((ui[name].oneOf as { 'ui:title': string }[]).map((o) => o['ui:title'])).toEqual(
          optionsOf(properties[name]).map((o) => words.options?.[o.const]),
        )
    }
    expect(browserSchema(form)).toEqual(schema)
  })
})

// What the form renders, derived from its registry entry (forms/<kind>/) in code, never kept by
// hand beside it: rjsf's UI schema and the "Only if …" notes of the conditional fields.
import type { ErrorTransformer, RJSFValidationError, UiSchema } from '@rjsf/utils'
import type { FormDefinition, FormTranslation, JsonSchemaLike } from '../../common/forms/define'
import { humanErrors, type MessageOptions } from '../../common/forms/messages'
import { fillText } from '../content/texts'

type Property = { type?: string; title?: string; oneOf?: { const: unknown; title?: string }[]; items?: Property }

const propertiesOf = (schema: JsonSchemaLike) => (schema.properties ?? {}) as Record<string, Property>

/**
 * The form's UI schema as rjsf takes it: every field with options posts their real values
 * (`optionValueFormat: 'realValue'`, set per field because `ui:globalOptions` does not reach
 * string radios and selects in rjsf 6.11), and the file field, if any, is our FileWidget, last.
 * In another language, each field's translated words go where rjsf reads them before the
 * schema's (`ui:title`, `ui:description`, `ui:placeholder`, each option's `ui:title`): the
 * schema, and so the precompiled validator, stays the one the function checks with.
 */
export function rjsfUiSchema(form: FormDefinition, schema: JsonSchemaLike, translation?: FormTranslation): UiSchema {
  const ui = structuredClone(form.uiSchema) as Record<string, Record<string, unknown>> & { 'ui:order'?: string[] }
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    const words = translation?.fields[name]
    if (words) ui[name] = { ...ui[name], ...translatedUi(words, property.oneOf ?? property.items?.oneOf) }
    if (!property.oneOf && !property.items?.oneOf) continue
    const field = ui[name] ?? {}
    ui[name] = { ...field, 'ui:options': { ...(field['ui:options'] as object), optionValueFormat: 'realValue' } }
  }
  // The groups' (the steps') titles and help texts, in their order.
  const options = ui['ui:options'] as { groups?: { title: string; description?: string }[] } | undefined
  if (translation?.groups && options?.groups) {
    const groups = options.groups.map((group, i) => ({ ...group, ...translation.groups?.[i] }))
    ui['ui:options'] = { ...options, groups } as Record<string, unknown>
  }
  if (form.file) {
    ui[form.file.field] = { ...ui[form.file.field], 'ui:widget': 'FileWidget' }
    if (ui['ui:order'] && !ui['ui:order'].includes(form.file.field))
      ui['ui:order'] = [...ui['ui:order'], form.file.field]
  }
  return ui as UiSchema
}

function translatedUi(
  words: NonNullable<FormTranslation['fields'][string]>,
  options: { const: unknown }[] | undefined,
): Record<string, unknown> {
  const ui: Record<string, unknown> = {}
  if (words.title !== undefined) ui['ui:title'] = words.title
  if (words.description !== undefined) ui['ui:description'] = words.description
  if (words.placeholder !== undefined) ui['ui:placeholder'] = words.placeholder
  if (options && words.options) ui.oneOf = options.map((o) => ({ 'ui:title': words.options?.[String(o.const)] }))
  return ui
}

/** The site's words for a conditional field's note (site.yaml texts.form, in the page's language). */
export type ConditionTexts = { onlyIfAnswered: string; onlyIfNot: string; onlyIfApplies: string }

type Rule = { if?: { properties?: Record<string, { const?: unknown; not?: { const?: unknown } }> }; then?: unknown }

/**
 * "Only if …" for each conditional field, shown while every field is (before the rules run,
 * and without JavaScript), derived from the schema's if/then rules.
 */
export function conditionsOf(schema: JsonSchemaLike, texts: ConditionTexts): Map<string, string> {
  const properties = propertiesOf(schema)
  const rules = [schema, ...((schema.allOf as unknown[] | undefined) ?? [])] as Rule[]
  const conditions = new Map<string, string>()
  for (const rule of rules) {
    const then = rule.then as { required?: string[] } | undefined
    if (!rule.if || !then?.required) continue
    const [question, test] = Object.entries(rule.if.properties ?? {})[0] ?? []
    if (!question || !test) continue
    const title = properties[question]?.title ?? question
    const option = (value: unknown) =>
      properties[question]?.oneOf?.find((o) => o.const === value)?.title ?? String(value)
    const text =
      test.const !== undefined
        ? fillText(texts.onlyIfAnswered, { option: option(test.const), question: title })
        : test.not?.const !== undefined
          ? fillText(texts.onlyIfNot, { option: option(test.not.const), question: title })
          : texts.onlyIfApplies
    for (const name of then.required) conditions.set(name, text)
  }
  return conditions
}

/**
 * rjsf's `transformErrors`: its errors worded by the one translator the functions use
 * (common/forms/messages.ts), one message per field in the form's order. ajv's "must match then" names
 * no field and is dropped.
 */
export const errorTransformer =
  (schema: JsonSchemaLike, options?: MessageOptions): ErrorTransformer =>
  (errors) =>
    humanErrors(
      schema,
      errors.map((e) => ({
        keyword: e.name ?? '',
        instancePath: e.property ? `/${e.property.replace(/^\./, '').replaceAll('.', '/')}` : '',
        params: e.params ?? {},
      })),
      options,
    ).map(
      ({ path, message }): RJSFValidationError => ({
        property: path === '/' ? '.' : `.${path.slice(1).replaceAll('/', '.')}`,
        message,
        stack: message,
      }),
    )

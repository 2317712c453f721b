/**
 * Validates submissions against the same JSON schema files the browser form
 * renders; common/forms/messages.ts turns ajv's errors into the messages the browser shows too.
 */
import { Ajv } from 'ajv'
import type { FormatsPlugin } from 'ajv-formats'
import * as formatsModule from 'ajv-formats'
import { FORM_AJV_OPTIONS, FORM_FORMATS, STRICT } from '../../../common/forms/ajv-options.ts'
import { type FormDefinition, translatedSchema } from '../../../common/forms/define.ts'
import { type FieldError, humanErrors } from '../../../common/forms/messages.ts'

export type { FieldError }

export type ValidationResult = { ok: true } | { ok: false; fields: FieldError[] }

export type Validator = (data: unknown) => ValidationResult

// ajv-formats is CommonJS: its default export arrives as `default` in Node ESM
// and Deno alike, while bundlers may hand the function over directly.
const formatsNamespace = formatsModule as unknown as { default?: FormatsPlugin } & FormatsPlugin
const addFormats: FormatsPlugin = formatsNamespace.default ?? formatsNamespace

/**
 * Checks answers against the form's one schema; the messages are in the submission's `locale`
 * where the form has that translation (its field titles and pattern wording) and the site its
 * sentences (the form's `wording`), else in English with the form's own words for its patterns.
 */
export function createValidator(
  form: Pick<FormDefinition, 'schema' | 'translations' | 'patterns' | 'wording'>,
): Validator {
  const { schema, translations = {}, patterns, wording = {} } = form
  const ajv = new Ajv({ ...FORM_AJV_OPTIONS, ...STRICT })
  addFormats(ajv, [...FORM_FORMATS])
  const validate = ajv.compile(schema)
  return (data) => {
    if (validate(data)) return { ok: true }
    const locale = (data as { locale?: unknown } | null)?.locale
    const known = typeof locale === 'string' && Object.hasOwn(translations, locale) && Object.hasOwn(wording, locale)
    const translation = known ? translations[locale] : undefined
    const words = translation ? translatedSchema(schema, translation) : schema
    const options = translation
      ? { wording: wording[locale as string], patterns: translation.patterns, atLeastOne: translation.atLeastOne }
      : { patterns }
    return { ok: false, fields: humanErrors(words, validate.errors ?? [], options) }
  }
}

/**
 * What one form is, everywhere it is used: the browser renders and validates it, the build
 * prerenders it and its validator, the edge function and the local backend accept and store it,
 * and the tests drive it. Plain data only: imported by Deno, Node and the browser alike, so no
 * React, no ajv and no Deno or DOM APIs here.
 */

/** A draft-07 schema object, loose enough that a JSON module import fits without a cast. */
export interface JsonSchemaLike {
  readonly [keyword: string]: unknown
}

export interface FormDefinition {
  /** The JSON Schema the browser and the function validate with. */
  schema: JsonSchemaLike
  /** Order, groups, widgets, placeholders and autocomplete hints of the fields. */
  uiSchema: JsonSchemaLike
  /** The deployed Supabase function (`/functions/v1/<name>`) that takes this form. */
  functionName: string
  /** The table its submissions are stored in. */
  table: string
  /** A file sent with the form, if it takes one: the input's name, what it accepts and its size limit. */
  file?: { field: string; label: string; extensions: readonly string[]; accept: string; maxBytes: number }
}

/**
 * Filled in by code, not by the visitor: the retry-safe key, the chosen résumé's name and the
 * page the form was sent from (a form's schema declares `page` when its records keep it).
 */
export const CODE_FILLED_FIELDS = ['idempotencyKey', 'resumeFileName', 'page'] as const

/** The schema the visitor fills in: the shared one minus the fields code fills in. */
export function visitorSchema(schema: JsonSchemaLike): JsonSchemaLike {
  const properties = { ...(schema.properties as Record<string, unknown>) }
  const codeFilled: readonly string[] = CODE_FILLED_FIELDS
  for (const field of codeFilled) delete properties[field]
  const required = ((schema.required as string[] | undefined) ?? []).filter((f) => !codeFilled.includes(f))
  return { ...schema, properties, required }
}

/**
 * What the browser's form renders and validates: the visitor's schema plus the file field, if
 * the form takes one. In the browser the file field's value is the chosen file's name (the file
 * itself travels beside the answers); the function receives that name as `resumeFileName` and
 * checks the file on its own, so the field borrows that property's rules.
 */
export function browserSchema(form: FormDefinition): JsonSchemaLike {
  const schema = visitorSchema(form.schema)
  if (!form.file) return schema
  const { maxLength, pattern } = (form.schema.properties as Record<string, Record<string, unknown>>).resumeFileName
  const fileField = { type: 'string', title: form.file.label, description: describeFile(form.file), maxLength, pattern }
  return { ...schema, properties: { ...(schema.properties as object), [form.file.field]: fileField } }
}

type FileRules = NonNullable<FormDefinition['file']>

/** "PDF or DOCX, up to 5 MB.": what the file field accepts, in words. */
export const describeFile = (rules: FileRules) =>
  `${rules.extensions
    .map((e) => e.slice(1).toUpperCase())
    .join(', ')
    .replace(/, ([^,]+)$/, ' or $1')}, up to ${rules.maxBytes / 1024 / 1024} MB.`

/** Why this file cannot be sent, or undefined when it can (the function checks it again). */
export function problemWithFile(file: { name: string; size: number }, rules: FileRules): string | undefined {
  if (!rules.extensions.some((ext) => file.name.toLowerCase().endsWith(ext)))
    return `Your resume must be a ${describeFile(rules).replace(/, up to.*/, '')} file.`
  if (file.size > rules.maxBytes) return `Your resume must be ${rules.maxBytes / 1024 / 1024} MB or smaller.`
  return undefined
}

/** Where a form sent without JavaScript leads once stored: a real, noindex page under the form's page. */
export const thankYouPath = (formPage: string) => `${formPage === '/' ? '' : formPage}/thank-you`

/** What a plain HTML form sends besides its answers, and where it posts (see supabase/functions/_shared/form-post.ts). */
export const PLAIN_POST = {
  /** The query of the form's `action`, asking the function for a redirect instead of JSON. */
  query: 'reply=page',
  /** The hidden input naming the page the form is on; its thank-you page lives under it. */
  pageField: '_page',
} as const

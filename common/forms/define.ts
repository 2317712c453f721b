/**
 * What one form is, everywhere it is used: the browser renders and validates it, the build
 * prerenders it and its validator, the edge function and the local backend accept and store it,
 * and the tests drive it. Plain data only: imported by Deno, Node and the browser alike, so no
 * React, no ajv and no Deno or DOM APIs here.
 */
import type { JsonSchemaLike } from './conditional.ts'
import { ENGLISH, type Wording } from './messages.ts'

export type { JsonSchemaLike }

export interface FormDefinition {
  /** The JSON Schema the browser and the function validate with. */
  schema: JsonSchemaLike
  /** Order, groups, widgets, placeholders and autocomplete hints of the fields. */
  uiSchema: JsonSchemaLike
  /** The deployed Supabase function (`/functions/v1/<name>`) that takes this form. */
  functionName: string
  /** The table its submissions are stored in. */
  table: string
  /**
   * What the team counts a submission as: a lead (a prospect asking for the business's service)
   * or an application (someone asking for a job). The results count them apart, each has its own
   * retention period, and its notifications reference its record as such.
   */
  counts: FormPurpose
  /** What the team's notification of a submission carries. */
  notification: FormNotification
  /**
   * What a field with a `pattern` expects, in words, in the schema's language (a translation has
   * its own, `FormTranslation.patterns`): e.g. a phone number's format, with an example.
   */
  patterns?: Readonly<Record<string, string>>
  /** A file sent with the form, if it takes one: the input's name, what it accepts and its size limit. */
  file?: { field: string; label: string; extensions: readonly string[]; accept: string; maxBytes: number }
  /**
   * The form's words in the site's other languages (forms/<kind>/<locale>.json), by locale code,
   * added by the registry (forms/registry.ts). The schema and its rules stay one: only what a
   * visitor reads is translated.
   */
  translations?: Readonly<Record<string, FormTranslation>>
  /**
   * The sentences of the messages in the site's languages but English (forms/wording/), by locale
   * code, added by the registry: the functions word a submission's problems in its language.
   */
  wording?: Readonly<Record<string, Wording>>
}

export type FormPurpose = 'lead' | 'application'

export interface FormNotification {
  /**
   * The answers it lists, in this order: an allow-list, so a field added to the form later stays
   * out of notifications until it is named here. (The language and where the visit came from
   * are added to every form's.)
   */
  fields: readonly string[]
  /** The e-mail's subject; `{field}` is that answer, e.g. "New quote request from {name}". */
  subject: string
}

/** The sentences in `locale` (a submission's `locale` answer) of a form's `wording`, English when it has none. */
export const wordingIn = (form: FormDefinition, locale: unknown): Wording =>
  typeof locale === 'string' && form.wording && Object.hasOwn(form.wording, locale) ? form.wording[locale] : ENGLISH

/** The site's forms by kind, as forms/registry.ts lists them: what the functions are wired with. */
export type FormRegistry = Readonly<Record<string, FormDefinition>>

/** What a visitor reads of one field, in another language; each key replaces the schema's or UI schema's. */
export interface FieldTranslation {
  /** The label (the schema's `title`). */
  title?: string
  /** The help text under the label (the schema's `description`). */
  description?: string
  /** The UI schema's `ui:placeholder`. */
  placeholder?: string
  /** The label of each option (a `oneOf` entry's `title`), by the option's value. */
  options?: Readonly<Record<string, string>>
}

export interface FormTranslation {
  /** Every field the visitor fills in, by name. */
  fields: Readonly<Record<string, FieldTranslation>>
  /**
   * The title (and help text, where it has one) of each group of the UI schema
   * (`ui:options.groups`), in their order: the steps of a form in steps.
   */
  groups?: readonly { title: string; description?: string }[]
  /** What a field with a `pattern` expects, in words, in this language (the form's `patterns` are the schema's language's). */
  patterns?: Readonly<Record<string, string>>
  /**
   * What the form's rule "at least one of these fields" (a top-level `anyOf` of `required`s)
   * asks, in words; `{fields}` is the fields' labels (common/forms/messages.ts has the English one).
   */
  atLeastOne?: string
}

/**
 * The schema as a visitor reading `translation` sees it: the same rules, its titles, help texts and
 * option labels translated. The validators keep the one schema; this is for words only (the
 * messages that name a field).
 */
export function translatedSchema(schema: JsonSchemaLike, translation: FormTranslation | undefined): JsonSchemaLike {
  if (!translation) return schema
  const properties: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) {
    const words = translation.fields[name]
    if (!words) {
      properties[name] = property
      continue
    }
    type Option = { const: unknown; title?: string }
    const named = (oneOf: Option[]) => oneOf.map((o) => ({ ...o, title: words.options?.[String(o.const)] ?? o.title }))
    const oneOf = property.oneOf as Option[] | undefined
    const items = property.items as { oneOf?: Option[] } | undefined
    properties[name] = {
      ...property,
      ...(words.title !== undefined ? { title: words.title } : {}),
      ...(words.description !== undefined ? { description: words.description } : {}),
      ...(oneOf && words.options ? { oneOf: named(oneOf) } : {}),
      // A list of choices (checkboxes) has its options under `items`.
      ...(items?.oneOf && words.options ? { items: { ...items, oneOf: named(items.oneOf) } } : {}),
    }
  }
  return { ...schema, properties }
}

/**
 * Filled in by code, not by the visitor: the retry-safe key, the chosen résumé's name, the page
 * the form was sent from, the language it was filled in, and where the visit came from (a form's schema declares `page` and
 * `locale` when its records keep them; the function answers in that language).
 */
export const CODE_FILLED_FIELDS = [
  'idempotencyKey',
  'resumeFileName',
  'page',
  'locale',
  // Where the visit came from (src/measure/visit.ts); absent without JavaScript or with GPC.
  'landingPage',
  'referrerHost',
  'utmSource',
  'utmMedium',
  'utmCampaign',
] as const

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
const describeFile = (rules: FileRules) =>
  `${rules.extensions
    .map((e) => e.slice(1).toUpperCase())
    .join(', ')
    .replace(/, ([^,]+)$/, ' or $1')}, up to ${rules.maxBytes / 1024 / 1024} MB.`

/** The site's words for a file that cannot be sent ({types}: the types it takes; {size}: the limit in MB). */
export type FileProblemTexts = { fileType: string; fileSize: string }

/**
 * Why this file cannot be sent, or undefined when it can (the function checks it again), in the
 * page's words: the types the form takes listed as its language lists alternatives.
 */
export function problemWithFile(
  file: { name: string; size: number },
  rules: FileRules,
  texts: FileProblemTexts,
  locale: string,
): string | undefined {
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
  if (!rules.extensions.some((ext) => file.name.toLowerCase().endsWith(ext))) {
    const types = rules.extensions.map((e) => e.slice(1).toUpperCase())
    return fill(texts.fileType, { types: new Intl.ListFormat(locale, { type: 'disjunction' }).format(types) })
  }
  if (file.size > rules.maxBytes) return fill(texts.fileSize, { size: String(rules.maxBytes / 1024 / 1024) })
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
  /**
   * The hidden input naming the form page's thank-you page where it is not at `thankYouPath`
   * (a translated page's, e.g. /es/contacto/gracias); only a page under the form's page is followed.
   */
  thanksField: '_thanks',
} as const

/**
 * The one translation of ajv's errors into sentences a visitor can act on, used by the browser
 * form (its precompiled validator) and by the functions (ajv at runtime) alike, so the two
 * never disagree, in the visitor's language (the titles it names come from the schema it is given:
 * `translatedSchema` for another language). Plain code: Deno, Node and the browser load it as it is.
 */
import type { JsonSchemaLike } from './conditional.ts'

/** The part of ajv's ErrorObject read here (kept structural, so this file imports no ajv). */
export interface SchemaError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
}

export interface FieldError {
  /** JSON pointer of the field, e.g. "/email". */
  path: string
  message: string
}

/** What a form's "at least one of these fields" rule asks, when the form gives no words of its own. */
const AT_LEAST_ONE = 'Please give at least one of these: {fields}.'

/** Lower rank wins when one field has several errors (e.g. every `const` of a `oneOf`). */
const RANK: Readonly<Record<string, number>> = {
  required: 0,
  additionalProperties: 0,
  type: 1,
  minLength: 2,
  format: 2,
  pattern: 2,
  oneOf: 2,
  enum: 2,
  maxLength: 3,
  minimum: 3,
  maximum: 3,
  uniqueItems: 3,
  maxItems: 3,
}

/** One message per field, in the form's order, so the first message matches the first field on screen. */
export function humanErrors(
  schema: JsonSchemaLike,
  errors: readonly SchemaError[],
  options: MessageOptions = {},
): FieldError[] {
  const best = new Map<string, { rank: number; message: string }>()
  const alternatives = alternativeFields(schema)
  for (const error of errors) {
    const rank = RANK[error.keyword]
    if (rank === undefined) continue // "if", "const" inside oneOf, "anyOf"…: reported by their parts
    const path = fieldPath(error)
    const either = error.keyword === 'required' ? alternatives.get(path.slice(1)) : undefined
    // One missing alternative means all are missing (else the rule holds), and rjsf keeps only the
    // first of an anyOf's errors: the message goes to each of them.
    const paths = either ? either.map((name) => `/${name}`) : [path]
    const message = either ? atLeastOne(schema, either, options) : describe(schema, error, path, options)
    for (const at of paths) {
      const current = best.get(at)
      if (!current || rank < current.rank) best.set(at, { rank, message })
    }
  }
  const order = Object.keys(propertiesOf(schema))
  const position = (path: string) => {
    const index = order.indexOf(path.slice(1))
    return index === -1 ? order.length : index
  }
  return [...best].map(([path, { message }]) => ({ path, message })).sort((a, b) => position(a.path) - position(b.path))
}

/**
 * The fields of the schema's "at least one of these" rules (a top-level `anyOf` whose every
 * option only requires one field), each mapped to its rule's fields. A field the schema requires
 * anyway is no alternative: its `required` error is its own.
 */
function alternativeFields(schema: JsonSchemaLike): Map<string, string[]> {
  const alternatives = new Map<string, string[]>()
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
  if (!Array.isArray(schema.anyOf)) return alternatives
  const names = (schema.anyOf as unknown[]).map((option) => {
    const only = option as { required?: unknown } | null
    const keys = typeof only === 'object' && only !== null ? Object.keys(only) : []
    return keys.length === 1 && Array.isArray(only?.required) && only.required.length === 1
      ? String(only.required[0])
      : undefined
  })
  if (names.some((name) => name === undefined)) return alternatives
  const fields = names as string[]
  for (const name of fields) if (!required.has(name)) alternatives.set(name, fields)
  return alternatives
}

/** "Please give at least one of these: Phone number, Email address.", with the fields' labels. */
function atLeastOne(schema: JsonSchemaLike, fields: readonly string[], options: MessageOptions): string {
  const properties = propertiesOf(schema) as Record<string, { title?: unknown } | undefined>
  const titles = fields.map((name) => {
    const title = properties[name]?.title
    return typeof title === 'string' ? title : name
  })
  return (options.atLeastOne ?? AT_LEAST_ONE).replace('{fields}', titles.join(', '))
}

function propertiesOf(schema: JsonSchemaLike): Record<string, unknown> {
  const properties = schema.properties
  return typeof properties === 'object' && properties !== null ? (properties as Record<string, unknown>) : {}
}

function fieldPath(error: SchemaError): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string }
  const child = params.missingProperty ?? params.additionalProperty
  // Errors on an array item belong to the array field as far as the visitor sees it.
  const base = error.instancePath.split('/').slice(0, 2).join('/')
  return child !== undefined && error.instancePath === '' ? `/${child}` : base || '/'
}

/**
 * The sentences of the messages in one language: `{title}` is the field's label (its question,
 * for the `…Question` forms), `{name}` its name and `{limit}` the schema's limit. Other languages'
 * are data (forms/wording/<locale>.json), so a page ships only its own.
 */
export type Wording = {
  required: string
  requiredQuestion: string
  notAField: string
  maxLength: string
  email: string
  uuid: string
  format: string
  controlCharacter: string
  choose: string
  chooseQuestion: string
  integer: string
  number: string
  array: string
  text: string
  minimum: string
  maximum: string
  uniqueItems: string
  maxItems: string
  invalid: string
  /** The résumé's refusals (supabase/functions/_shared/resume.ts) and a file sent to a form without one. */
  resumeNotAResume: string
  resumeLegacyWord: string
  resumeMacros: string
  noFiles: string
}

export const ENGLISH: Wording = {
  required: '{title} is required.',
  requiredQuestion: 'Please answer: {title}',
  notAField: '"{name}" is not a field of this form.',
  maxLength: '{title} must be at most {limit} characters.',
  email: 'Enter a valid email address, like name@example.com.',
  uuid: '{title} must be a UUID.',
  format: '{title} is not in the expected format.',
  controlCharacter: '{title} contains an invisible control character; please retype it.',
  choose: '{title}: choose one of the listed options.',
  chooseQuestion: 'Choose one of the listed answers to: {title}',
  integer: '{title} must be a whole number.',
  number: '{title} must be a number.',
  array: '{title} must be a list.',
  text: '{title} must be text.',
  minimum: '{title} cannot be less than {limit}.',
  maximum: '{title} cannot be more than {limit}.',
  uniqueItems: '{title}: select each option only once.',
  maxItems: '{title}: select at most {limit} options.',
  invalid: '{title} is not valid.',
  resumeNotAResume: 'The résumé must be a PDF or DOCX file.',
  resumeLegacyWord: 'Word 97-2003 (.doc) files are not accepted: please save the résumé as PDF or DOCX.',
  resumeMacros: 'The résumé contains macros: please save it as a plain DOCX (or PDF) without macros.',
  noFiles: 'This form does not take files.',
}

/**
 * The wording of another language (forms/wording/<locale>.json) and the form's own sentences
 * in it (its translation's `patterns` and `atLeastOne`); without them, English. A field with a
 * pattern is worded by `patterns` (the form's own, `FormDefinition.patterns`, in the schema's
 * language), else as any field not in the expected format.
 */
export type MessageOptions = {
  wording?: Wording
  patterns?: Readonly<Record<string, string>>
  /** The form's words for its "at least one of these fields" rule in that language (its translation's). */
  atLeastOne?: string
}

function describe(schema: JsonSchemaLike, error: SchemaError, path: string, options: MessageOptions): string {
  const words = options.wording ?? ENGLISH
  const name = path.slice(1)
  const field = propertiesOf(schema)[name] as { title?: unknown } | undefined
  const title = typeof field?.title === 'string' ? field.title : name
  // Yes/no fields are titled with their question, which reads badly as a subject.
  const question = title.endsWith('?')
  const params = error.params
  const say = (sentence: keyof Wording) =>
    words[sentence].replace(/\{(title|name|limit)\}/g, (_, key: string) =>
      String(key === 'title' ? title : key === 'name' ? name : params.limit),
    )
  switch (error.keyword) {
    case 'required':
    case 'minLength':
      return say(question ? 'requiredQuestion' : 'required')
    case 'additionalProperties':
      return say('notAField')
    case 'maxLength':
      return say('maxLength')
    case 'format':
      if (params.format === 'email') return say('email')
      if (params.format === 'uuid') return say('uuid')
      return say('format')
    case 'pattern':
      // The schemas forbid control characters (NUL, escape…) in free text with a pattern naming them.
      if (String(params.pattern).includes('\\u0000')) return say('controlCharacter')
      return options.patterns?.[name] ?? say('format')
    case 'oneOf':
    case 'enum':
      return say(question ? 'chooseQuestion' : 'choose')
    case 'type':
      return say(
        params.type === 'integer' || params.type === 'number' || params.type === 'array' ? params.type : 'text',
      )
    case 'minimum':
      return say('minimum')
    case 'maximum':
      return say('maximum')
    case 'uniqueItems':
      return say('uniqueItems')
    case 'maxItems':
      return say('maxItems')
    default:
      return say('invalid')
  }
}

/**
 * Validates submissions against the same JSON schema files the browser form
 * renders, and turns ajv's errors into messages a visitor can act on.
 */
import { Ajv, type ErrorObject } from 'ajv'
import type { FormatsPlugin } from 'ajv-formats'
import * as formatsModule from 'ajv-formats'
import type { JsonSchemaLike } from './conditional.ts'

export interface FieldError {
  /** JSON pointer of the field, e.g. "/email". */
  path: string
  message: string
}

export type ValidationResult = { ok: true } | { ok: false; fields: FieldError[] }

export type Validator = (data: unknown) => ValidationResult

// ajv-formats is CommonJS: its default export arrives as `default` in Node ESM
// and Deno alike, while bundlers may hand the function over directly.
const formatsNamespace = formatsModule as unknown as { default?: FormatsPlugin } & FormatsPlugin
const addFormats: FormatsPlugin = formatsNamespace.default ?? formatsNamespace

export function createValidator(schema: JsonSchemaLike): Validator {
  // ownProperties: an answer inherited from a prototype is no answer (the stored copy would not have it).
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, ownProperties: true })
  addFormats(ajv, ['email', 'uuid'])
  const validate = ajv.compile(schema)
  return (data) => {
    if (validate(data)) return { ok: true }
    return { ok: false, fields: humanErrors(schema, validate.errors ?? []) }
  }
}

/** Lower rank wins when one field has several errors (e.g. every `const` of a `oneOf`). */
const RANK: Record<string, number> = {
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

export function humanErrors(schema: JsonSchemaLike, errors: readonly ErrorObject[]): FieldError[] {
  const best = new Map<string, { rank: number; message: string }>()
  for (const error of errors) {
    const rank = RANK[error.keyword]
    if (rank === undefined) continue // "if", "const" inside oneOf…: reported by their parent
    const path = fieldPath(error)
    const message = describe(schema, error, path)
    const current = best.get(path)
    if (!current || rank < current.rank) best.set(path, { rank, message })
  }
  // Report in form order, so the first message matches the first field on screen.
  const order = Object.keys(propertiesOf(schema))
  const position = (path: string) => {
    const index = order.indexOf(path.slice(1))
    return index === -1 ? order.length : index
  }
  return [...best].map(([path, { message }]) => ({ path, message })).sort((a, b) => position(a.path) - position(b.path))
}

function propertiesOf(schema: JsonSchemaLike): Record<string, unknown> {
  const properties = schema.properties
  return typeof properties === 'object' && properties !== null ? (properties as Record<string, unknown>) : {}
}

function fieldPath(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string }
  const child = params.missingProperty ?? params.additionalProperty
  // Errors on an array item belong to the array field as far as the visitor sees it.
  const base = error.instancePath.split('/').slice(0, 2).join('/')
  return child !== undefined && error.instancePath === '' ? `/${child}` : base || '/'
}

function describe(schema: JsonSchemaLike, error: ErrorObject, path: string): string {
  const name = path.slice(1)
  const field = propertiesOf(schema)[name] as { title?: unknown } | undefined
  const title = typeof field?.title === 'string' ? field.title : name
  // Yes/no fields are titled with their question, which reads badly as a subject.
  const question = title.endsWith('?')
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
    case 'minLength':
      return question ? `Please answer: ${title}` : `${title} is required.`
    case 'additionalProperties':
      return `"${name}" is not a field of this form.`
    case 'maxLength':
      return `${title} must be at most ${params.limit} characters.`
    case 'format':
      if (params.format === 'email') return 'Enter a valid email address, like name@example.com.'
      if (params.format === 'uuid') return `${title} must be a UUID.`
      return `${title} is not in the expected format.`
    case 'pattern':
      if (name === 'zipCode') return 'Enter a 5-digit ZIP code, or ZIP+4 like 32801-1234.'
      if (name === 'phone') return 'Enter a valid US phone number, like (407) 555-0123.'
      // The schemas forbid control characters (NUL, escape…) in free text with a pattern naming them.
      if (String(params.pattern).includes('\\u0000')) {
        return `${title} contains an invisible control character; please retype it.`
      }
      return `${title} is not in the expected format.`
    case 'oneOf':
    case 'enum':
      return question ? `Choose one of the listed answers to: ${title}` : `${title}: choose one of the listed options.`
    case 'type':
      if (params.type === 'integer') return `${title} must be a whole number.`
      if (params.type === 'number') return `${title} must be a number.`
      if (params.type === 'array') return `${title} must be a list.`
      return `${title} must be text.`
    case 'minimum':
      return `${title} cannot be less than ${params.limit}.`
    case 'maximum':
      return `${title} cannot be more than ${params.limit}.`
    case 'uniqueItems':
      return `${title}: select each option only once.`
    case 'maxItems':
      return `${title}: select at most ${params.limit} options.`
    default:
      return `${title} is not valid.`
  }
}

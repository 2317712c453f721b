/**
 * The one translation of ajv's errors into sentences a visitor can act on, used by the browser
 * form (its precompiled validator) and by the functions (ajv at runtime) alike, so the two
 * never disagree. Plain code without imports: Deno, Node and the browser load it as it is.
 */
import type { JsonSchemaLike } from './define.ts'

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

/** Field-specific wording where the generic one would not say what to type. */
const PATTERN_MESSAGES: Readonly<Record<string, string>> = {
  zipCode: 'Enter a 5-digit ZIP code, or ZIP+4 like 32801-1234.',
  phone: 'Enter a phone number with its area code, like (407) 555-0123, or an international one like +44 20 7946 0958.',
}

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
export function humanErrors(schema: JsonSchemaLike, errors: readonly SchemaError[]): FieldError[] {
  const best = new Map<string, { rank: number; message: string }>()
  for (const error of errors) {
    const rank = RANK[error.keyword]
    if (rank === undefined) continue // "if", "const" inside oneOf…: reported by their parent
    const path = fieldPath(error)
    const message = describe(schema, error, path)
    const current = best.get(path)
    if (!current || rank < current.rank) best.set(path, { rank, message })
  }
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

function fieldPath(error: SchemaError): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string }
  const child = params.missingProperty ?? params.additionalProperty
  // Errors on an array item belong to the array field as far as the visitor sees it.
  const base = error.instancePath.split('/').slice(0, 2).join('/')
  return child !== undefined && error.instancePath === '' ? `/${child}` : base || '/'
}

function describe(schema: JsonSchemaLike, error: SchemaError, path: string): string {
  const name = path.slice(1)
  const field = propertiesOf(schema)[name] as { title?: unknown } | undefined
  const title = typeof field?.title === 'string' ? field.title : name
  // Yes/no fields are titled with their question, which reads badly as a subject.
  const question = title.endsWith('?')
  const params = error.params
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
      // The schemas forbid control characters (NUL, escape…) in free text with a pattern naming them.
      if (String(params.pattern).includes('\\u0000'))
        return `${title} contains an invisible control character; please retype it.`
      return PATTERN_MESSAGES[name] ?? `${title} is not in the expected format.`
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

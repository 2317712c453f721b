/**
 * The one translation of ajv's errors into sentences a visitor can act on, used by the browser
 * form (its precompiled validator) and by the functions (ajv at runtime) alike, so the two
 * never disagree, in the visitor's language (the titles it names come from the schema it is given:
 * `translatedSchema` for another language). Plain code: Deno, Node and the browser load it as it is.
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
export function humanErrors(
  schema: JsonSchemaLike,
  errors: readonly SchemaError[],
  options: MessageOptions = {},
): FieldError[] {
  const best = new Map<string, { rank: number; message: string }>()
  for (const error of errors) {
    const rank = RANK[error.keyword]
    if (rank === undefined) continue // "if", "const" inside oneOf…: reported by their parent
    const path = fieldPath(error)
    const message = describe(schema, error, path, options)
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

/** A field's sentences in one language: `title` is the field's label (or its question, `question`). */
type Wording = {
  required(title: string, question: boolean): string
  notAField(name: string): string
  maxLength(title: string, limit: unknown): string
  email: string
  uuid(title: string): string
  format(title: string): string
  controlCharacter(title: string): string
  choose(title: string, question: boolean): string
  type(title: string, type: unknown): string
  minimum(title: string, limit: unknown): string
  maximum(title: string, limit: unknown): string
  uniqueItems(title: string): string
  maxItems(title: string, limit: unknown): string
  invalid(title: string): string
}

const WORDING: Readonly<Record<string, Wording>> = {
  en: {
    required: (title, question) => (question ? `Please answer: ${title}` : `${title} is required.`),
    notAField: (name) => `"${name}" is not a field of this form.`,
    maxLength: (title, limit) => `${title} must be at most ${limit} characters.`,
    email: 'Enter a valid email address, like name@example.com.',
    uuid: (title) => `${title} must be a UUID.`,
    format: (title) => `${title} is not in the expected format.`,
    controlCharacter: (title) => `${title} contains an invisible control character; please retype it.`,
    choose: (title, question) =>
      question ? `Choose one of the listed answers to: ${title}` : `${title}: choose one of the listed options.`,
    type: (title, type) =>
      type === 'integer'
        ? `${title} must be a whole number.`
        : type === 'number'
          ? `${title} must be a number.`
          : type === 'array'
            ? `${title} must be a list.`
            : `${title} must be text.`,
    minimum: (title, limit) => `${title} cannot be less than ${limit}.`,
    maximum: (title, limit) => `${title} cannot be more than ${limit}.`,
    uniqueItems: (title) => `${title}: select each option only once.`,
    maxItems: (title, limit) => `${title}: select at most ${limit} options.`,
    invalid: (title) => `${title} is not valid.`,
  },
  // Usted, as the Spanish pages address the visitor; the field's label is quoted where a
  // sentence cannot agree with its gender.
  es: {
    required: (title, question) => (question ? `Responda, por favor: ${title}` : `${title}: este dato es obligatorio.`),
    notAField: (name) => `"${name}" no es un campo de este formulario.`,
    maxLength: (title, limit) => `${title}: escriba como máximo ${limit} caracteres.`,
    email: 'Escriba un correo electrónico válido, como nombre@ejemplo.com.',
    uuid: (title) => `${title}: debe ser un UUID.`,
    format: (title) => `${title}: no tiene el formato esperado.`,
    controlCharacter: (title) => `${title}: contiene un carácter de control invisible; vuelva a escribirlo.`,
    choose: (title, question) =>
      question
        ? `Elija una de las respuestas de la lista: ${title}`
        : `${title}: elija una de las opciones de la lista.`,
    type: (title, type) =>
      type === 'integer'
        ? `${title}: debe ser un número entero.`
        : type === 'number'
          ? `${title}: debe ser un número.`
          : type === 'array'
            ? `${title}: debe ser una lista.`
            : `${title}: debe ser texto.`,
    minimum: (title, limit) => `${title}: no puede ser menor que ${limit}.`,
    maximum: (title, limit) => `${title}: no puede ser mayor que ${limit}.`,
    uniqueItems: (title) => `${title}: elija cada opción una sola vez.`,
    maxItems: (title, limit) => `${title}: elija como máximo ${limit} opciones.`,
    invalid: (title) => `${title}: no es válido.`,
  },
}

/** The language and field-specific wording of the messages (a form's translation's `patterns`). */
export type MessageOptions = { locale?: string; patterns?: Readonly<Record<string, string>> }

function describe(schema: JsonSchemaLike, error: SchemaError, path: string, options: MessageOptions): string {
  const words = WORDING[options.locale ?? 'en'] ?? WORDING.en
  const name = path.slice(1)
  const field = propertiesOf(schema)[name] as { title?: unknown } | undefined
  const title = typeof field?.title === 'string' ? field.title : name
  // Yes/no fields are titled with their question, which reads badly as a subject.
  const question = title.endsWith('?')
  const params = error.params
  switch (error.keyword) {
    case 'required':
    case 'minLength':
      return words.required(title, question)
    case 'additionalProperties':
      return words.notAField(name)
    case 'maxLength':
      return words.maxLength(title, params.limit)
    case 'format':
      if (params.format === 'email') return words.email
      if (params.format === 'uuid') return words.uuid(title)
      return words.format(title)
    case 'pattern':
      // The schemas forbid control characters (NUL, escape…) in free text with a pattern naming them.
      if (String(params.pattern).includes('\\u0000')) return words.controlCharacter(title)
      return (
        (options.locale && options.locale !== 'en' ? options.patterns : PATTERN_MESSAGES)?.[name] ?? words.format(title)
      )
    case 'oneOf':
    case 'enum':
      return words.choose(title, question)
    case 'type':
      return words.type(title, params.type)
    case 'minimum':
      return words.minimum(title, params.limit)
    case 'maximum':
      return words.maximum(title, params.limit)
    case 'uniqueItems':
      return words.uniqueItems(title)
    case 'maxItems':
      return words.maxItems(title, params.limit)
    default:
      return words.invalid(title)
  }
}

// Turns ajv's validation errors into sentences a marketer can act on: what is wrong,
// what was found, and what to write instead. ajv runs with `verbose`, so each error carries
// the offending value (`data`) and the schema around it (`parentSchema`): limits, allowed
// values, descriptions and examples come from there.
import type { ErrorObject } from 'ajv'
import { stringify } from 'yaml'
import type { SchemaNode } from '../content/schema-node'
import type { PathSegment } from './problems'
import { suggest } from './suggest'

export type Explained = { path: PathSegment[]; message: string; part: 'key' | 'value' }

export function pathFromPointer(pointer: string): PathSegment[] {
  if (!pointer) return []
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
}

const describe = (value: unknown) => {
  if (value === null || value === undefined) return 'empty'
  if (Array.isArray(value)) return `a list of ${value.length}`
  if (typeof value === 'object') return 'a group of fields'
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`
  return `${typeof value} ${String(value)}`
}
const plural = (n: number, word: string) => `${n} ${n === 1 ? word : word === 'entry' ? 'entries' : `${word}s`}`
const typeNames: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
}

/** A value as one line of YAML, e.g. `[{ label: Contact, href: /contact-us }]`. */
function inlineYaml(value: unknown): string {
  return stringify(value, { collectionStyle: 'flow', lineWidth: 0 })
    .trim()
    .replace(/^\[ (.*) \]$/s, '[$1]')
}

/** An example for a field: the field's own `examples`, or the parent's example object. */
function exampleFor(parent: SchemaNode, field: string): unknown {
  const own = parent.properties?.[field]?.examples?.[0]
  if (own !== undefined) return own
  const whole = parent.examples?.[0]
  if (whole && typeof whole === 'object' && field in whole) return (whole as Record<string, unknown>)[field]
  return undefined
}

/** How to write a value of this schema, for "add `x:`" hints. */
function shapeOf(schema: SchemaNode | undefined): string | undefined {
  if (!schema) return undefined
  if (schema.enum) return `one of: ${schema.enum.map(String).join(', ')}`
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  if (type === 'array') return 'a list (one `- ` line per entry)'
  if (type === 'object') {
    const required = schema.required ?? []
    return required.length ? `a group with ${required.map((r) => `\`${r}:\``).join(', ')}` : 'a group of fields'
  }
  return type ? typeNames[type] : undefined
}

const sentence = (text: string) => text.replace(/\.$/, '')

/** A value suggested for a pattern the text does not match, when an obvious one exists. */
function fixForPattern(value: string, pattern: string): string | undefined {
  const slug = value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  const candidates = [
    `/${value.trim().replace(/^\/*/, '')}`,
    slug,
    /^[a-z]/.test(slug) ? slug : undefined,
    value.trim().replace(/\s*(minutes?|mins?)\.?$/i, ' min'),
  ]
  for (const candidate of candidates) {
    if (candidate && candidate !== value && new RegExp(pattern, 'u').test(candidate)) return candidate
  }
  return undefined
}

const formatHints: Record<string, string> = {
  date: 'a date written YYYY-MM-DD, e.g. 2025-02-15 (in quotes: "2025-02-15")',
  'date-time': 'a date and time such as 2025-02-15T09:00:00Z',
  email: 'an e-mail address such as name@example.com',
  uri: 'a full address starting with https://',
}

const comparisons: Record<string, string> = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' }

/** `items`, or `entry 3 of items` for a list entry. */
function nameOf(path: PathSegment[]): string {
  const last = path[path.length - 1]
  if (last === undefined) return 'this file'
  if (typeof last === 'number') {
    const parent = path[path.length - 2]
    return parent === undefined ? `entry ${last + 1}` : `entry ${last + 1} of \`${String(parent)}\``
  }
  return `\`${last}\``
}

/**
 * Errors of one alternative of a `oneOf` about the entry's overall shape (wrong type, missing
 * or unknown field) are noise: the entry was meant to be another alternative. The `oneOf`
 * error itself says once which forms are allowed.
 */
function isShapeErrorOfAlternative(error: ErrorObject): boolean {
  const at = error.schemaPath.lastIndexOf('/oneOf/')
  if (at < 0) return false
  const rest = error.schemaPath.slice(at + '/oneOf/'.length).split('/')
  return rest.length === 2 && ['type', 'required', 'additionalProperties'].includes(error.keyword)
}

/** For an entry matching no alternative of a `oneOf`: which forms it may take, and a likely typo. */
function explainOneOf(field: string, data: unknown, alternatives: readonly SchemaNode[]): string | undefined {
  if (typeof data === 'string' || typeof data === 'number') {
    // The alternative of that type reports what is wrong (too long, wrong form…).
    if (alternatives.some((a) => a.type === typeof data || (a.type === 'integer' && typeof data === 'number')))
      return undefined
  }
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const keys = Object.keys(data)
    const fits = alternatives.find(
      (a) => a.properties && keys.every((k) => k in a.properties!) && (a.required ?? []).every((r) => keys.includes(r)),
    )
    if (fits) return undefined // the right alternative; its own errors say what is wrong inside
  }
  const forms = alternatives.map(shapeOf).filter((s): s is string => Boolean(s))
  if (!forms.length) return undefined
  let hint = ''
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const known = alternatives.flatMap((a) => Object.keys(a.properties ?? {}))
    const unknown = Object.keys(data).find((k) => !known.includes(k))
    const near = unknown ? suggest(unknown, known) : undefined
    if (unknown)
      hint = near ? `; did you mean \`${near}\` instead of \`${unknown}\`?` : `; \`${unknown}\` is not one of them`
  }
  return `${field} must be ${forms.join('; or ')}${hint}`
}

/** What each keyword's explainer reads off the error: the field's place and name, ajv's params and the schema around it. */
type At = {
  error: ErrorObject
  path: PathSegment[]
  field: string
  p: Record<string, unknown>
  schema: SchemaNode
}
type Explainer = (at: At) => Explained | undefined

function missingField({ path, p, schema }: At): Explained {
  const missing = String(p.missingProperty)
  const property = schema.properties?.[missing]
  const about = property?.description ? ` (${sentence(property.description)})` : ''
  const example = exampleFor(schema, missing)
  const shape = shapeOf(property)
  const fix =
    example !== undefined
      ? `add it here, e.g. \`${missing}: ${inlineYaml(example)}\``
      : shape
        ? `add \`${missing}:\` here with ${shape}`
        : `add \`${missing}:\` here`
  return { path, part: 'value', message: `missing required field \`${missing}\`${about}; ${fix}` }
}

function unknownField({ path, p, schema }: At): Explained {
  const extra = String(p.additionalProperty)
  const allowed = Object.keys(schema.properties ?? {})
  const near = suggest(extra, allowed)
  const hint = near ? `did you mean \`${near}\`?` : `allowed fields: ${allowed.join(', ')}`
  return { path: [...path, extra], part: 'key', message: `unknown field \`${extra}\`; ${hint}` }
}

/** How to turn a value of the wrong type into one of the types wanted, when the slip is a usual one. */
function fixForType(types: string[], data: unknown): string {
  if (types.includes('string') && (typeof data === 'number' || typeof data === 'boolean'))
    return `; put it in quotes: "${String(data)}"`
  if (types.includes('array') && (typeof data === 'string' || typeof data === 'number'))
    return '; write each entry on its own line starting with `- `'
  if (types.includes('array') && data && typeof data === 'object')
    return '; start each entry with `- ` (a dash and a space)'
  if (types.includes('string') && data === null) return '; write the text after the colon, or remove the line'
  if (types.includes('object') && typeof data === 'string')
    return '; put its fields on the lines below, indented by two more spaces'
  if (
    (types.includes('integer') || types.includes('number')) &&
    typeof data === 'string' &&
    data.trim() !== '' &&
    !Number.isNaN(Number(data))
  )
    return `; remove the quotes: ${Number(data)}`
  return ''
}

function wrongType({ error, path, field, p }: At): Explained {
  const types = String(p.type).split(',')
  const expected = types.map((t) => typeNames[t] ?? t).join(' or ')
  const fix = fixForType(types, error.data)
  return { path, part: 'value', message: `${field} must be ${expected}, but is ${describe(error.data)}${fix}` }
}

function notAnAllowedValue({ error, path, field, p }: At): Explained {
  const allowed = (error.keyword === 'enum' ? (p.allowedValues as unknown[]) : [p.allowedValue]).map(String)
  const near = typeof error.data === 'string' ? suggest(error.data, allowed) : undefined
  return {
    path,
    part: 'value',
    message: `${field} is ${describe(error.data)}; ${near ? `did you mean "${near}"? ` : ''}it must be one of: ${allowed.join(', ')}`,
  }
}

function wrongNumberOfEntries({ error, path, field, p, schema }: At): Explained {
  const n = Array.isArray(error.data) ? error.data.length : 0
  const { minItems: min, maxItems: max } = schema
  const range =
    min !== undefined && max !== undefined
      ? min === max
        ? `exactly ${plural(min, 'entry')}`
        : `${min} to ${max} entries`
      : error.keyword === 'minItems'
        ? `at least ${plural(Number(p.limit), 'entry')}`
        : `at most ${plural(Number(p.limit), 'entry')}`
  const fix = error.keyword === 'minItems' ? `add ${Number(p.limit) - n} more` : `remove ${n - Number(p.limit)}`
  return { path, part: 'value', message: `${field} must have ${range}; this one has ${n}: ${fix}` }
}

function wrongLength({ error, path, field, p, schema }: At): Explained {
  const n = typeof error.data === 'string' ? [...error.data].length : 0
  if (error.keyword === 'minLength' && n === 0) {
    return {
      path,
      part: 'value',
      message: `${field} must not be empty; write the text after the colon${schema.description ? ` (${sentence(schema.description)})` : ''}`,
    }
  }
  const { minLength: min, maxLength: max } = schema
  const range =
    min !== undefined && max !== undefined && min > 1
      ? `${min} to ${max} characters`
      : error.keyword === 'minLength'
        ? `at least ${plural(Number(p.limit), 'character')}`
        : `at most ${plural(Number(p.limit), 'character')}`
  const fix =
    error.keyword === 'minLength' ? `lengthen it by ${Number(p.limit) - n}` : `shorten it by ${n - Number(p.limit)}`
  return { path, part: 'value', message: `${field} must be ${range}; this one has ${n}: ${fix}` }
}

function outOfRange({ error, path, field, p, schema }: At): Explained {
  const { minimum: min, maximum: max } = schema
  const range =
    min !== undefined && max !== undefined
      ? `between ${min} and ${max}`
      : `${comparisons[String(p.comparison)] ?? p.comparison} ${p.limit}`
  return { path, part: 'value', message: `${field} must be ${range}, but is ${describe(error.data)}` }
}

function notInThePattern({ error, path, field, p, schema }: At): Explained {
  const value = typeof error.data === 'string' ? error.data : ''
  const fixed = fixForPattern(value, String(p.pattern))
  const hint = schema.description ? ` (${sentence(schema.description)})` : ''
  const example = schema.examples?.[0] !== undefined ? `, e.g. ${String(schema.examples[0])}` : ''
  const fix =
    fixed !== undefined ? `; did you mean "${fixed}"?` : example ? `; write it like this${example.slice(1)}` : ''
  return {
    path,
    part: 'value',
    message: `${field} is not in the expected form: ${describe(error.data)}${fix}${hint}`,
  }
}

function notInTheFormat({ error, path, field, p }: At): Explained {
  const expected = formatHints[String(p.format)] ?? String(p.format)
  return {
    path,
    part: 'value',
    message: `${field} is not in the expected form: ${describe(error.data)}; it must be ${expected}`,
  }
}

function sameEntryTwice({ path, field, p }: At): Explained {
  return {
    path: [...path, Number(p.i)],
    part: 'value',
    message: `${field} lists the same entry twice (entries ${Number(p.j) + 1} and ${Number(p.i) + 1}); remove one`,
  }
}

function noAlternativeFits({ error, path, field, p, schema }: At): Explained | undefined {
  if (p.passingSchemas) return undefined // matched more than one: not a marketer's mistake
  const message = explainOneOf(field, error.data, schema.oneOf ?? [])
  return message ? { path, part: 'value', message } : undefined
}

/** The specific errors underneath say more. */
const saidBelow: Explainer = () => undefined

/**
 * The sentence for each of ajv's keywords, one function each (a switch over them all was past a
 * screen long); a keyword not named here gets ajv's own message after the field's name.
 */
const explainers: Record<string, Explainer> = {
  required: missingField,
  additionalProperties: unknownField,
  type: wrongType,
  enum: notAnAllowedValue,
  const: notAnAllowedValue,
  minItems: wrongNumberOfEntries,
  maxItems: wrongNumberOfEntries,
  minLength: wrongLength,
  maxLength: wrongLength,
  minimum: outOfRange,
  maximum: outOfRange,
  exclusiveMinimum: outOfRange,
  exclusiveMaximum: outOfRange,
  pattern: notInThePattern,
  format: notInTheFormat,
  uniqueItems: sameEntryTwice,
  oneOf: noAlternativeFits,
  if: saidBelow,
  allOf: saidBelow,
  anyOf: saidBelow,
}

export function explain(error: ErrorObject): Explained | undefined {
  if (isShapeErrorOfAlternative(error)) return undefined
  const path = pathFromPointer(error.instancePath)
  const field = nameOf(path)
  const explainer = Object.hasOwn(explainers, error.keyword) ? explainers[error.keyword] : undefined
  if (!explainer) return { path, part: 'value', message: `${field} ${error.message ?? 'is not valid'}` }
  const p = error.params as Record<string, unknown>
  const schema = (error.parentSchema ?? {}) as SchemaNode
  return explainer({ error, path, field, p, schema })
}

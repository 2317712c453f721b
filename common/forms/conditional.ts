/**
 * Drops the values of conditional fields whose condition does not hold, so an
 * answer typed into a field that is hidden again (e.g. details after switching
 * "yes" back to "no") never reaches storage.
 *
 * One copy for the browser form and the edge functions (common/: plain code that the browser,
 * the build and Deno all load as it is): keep it pure and free of imports.
 *
 * A property is "conditional" when it is named in the `then` (or `else`) branch
 * of an `if` found at the schema's top level or in its top-level `allOf`, either
 * in that branch's `required` or its `properties`. The `if` is evaluated with a
 * small matcher that understands the keywords such conditions are written
 * with; anything else throws, so a schema change cannot silently turn the
 * stripping off.
 */

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue }

/**
 * A draft-07 schema object. Kept this loose on purpose, so a JSON module import
 * (whose inferred type has no index signature) can be passed without a cast.
 */
export interface JsonSchemaLike {
  readonly [keyword: string]: unknown
}

type SchemaOrBoolean = JsonSchemaLike | boolean

/** Keywords that never change whether a value matches. */
const ANNOTATIONS = new Set(['title', 'description', '$comment', 'default', 'examples', 'readOnly', 'writeOnly'])

export function stripInactiveConditionals<T extends Record<string, unknown>>(
  schema: JsonSchemaLike,
  data: T,
): Partial<T> {
  const hidden = inactiveConditionalFields(schema, data)
  const result: Partial<T> = {}
  for (const key of Object.keys(data) as (keyof T & string)[]) {
    if (!hidden.has(key)) result[key] = data[key]
  }
  return result
}

/**
 * The conditional fields whose condition does not hold for `data`: the form hides them
 * and their values are dropped. A field shown by any holding condition stays visible,
 * even if another condition hides it.
 */
export function inactiveConditionalFields(schema: JsonSchemaLike, data: Record<string, unknown>): Set<string> {
  const active = new Set<string>()
  const inactive = new Set<string>()
  for (const rule of conditionalRules(schema)) {
    const holds = matches(rule.if, data)
    addNames(holds ? active : inactive, rule.then)
    addNames(holds ? inactive : active, rule.else)
  }
  for (const name of active) inactive.delete(name)
  return inactive
}

/** True when `value` satisfies `schema` (the keywords listed in `check`). */
export function matches(schema: unknown, value: unknown): boolean {
  if (typeof schema === 'boolean') return schema
  if (!isObject(schema)) throw new TypeError('stripInactiveConditionals: a subschema must be an object or boolean')
  for (const [keyword, argument] of Object.entries(schema)) {
    if (!check(keyword, argument, value)) return false
  }
  return true
}

interface ConditionalRule {
  if: SchemaOrBoolean
  then?: unknown
  else?: unknown
}

function conditionalRules(schema: JsonSchemaLike): ConditionalRule[] {
  const candidates = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])]
  const rules: ConditionalRule[] = []
  for (const candidate of candidates) {
    if (isObject(candidate) && (isObject(candidate.if) || typeof candidate.if === 'boolean')) {
      rules.push({ if: candidate.if, then: candidate.then, else: candidate.else })
    }
  }
  return rules
}

function addNames(target: Set<string>, branch: unknown): void {
  if (!isObject(branch)) return
  if (Array.isArray(branch.required)) {
    for (const name of branch.required) if (typeof name === 'string') target.add(name)
  }
  if (isObject(branch.properties)) {
    for (const name of Object.keys(branch.properties)) target.add(name)
  }
}

function check(keyword: string, argument: unknown, value: unknown): boolean {
  if (ANNOTATIONS.has(keyword)) return true
  switch (keyword) {
    case 'const':
      return deepEqual(argument, value)
    case 'enum':
      return (argument as readonly unknown[]).some((option) => deepEqual(option, value))
    case 'not':
      return !matches(argument, value)
    case 'allOf':
      return (argument as readonly unknown[]).every((s) => matches(s, value))
    case 'anyOf':
      return (argument as readonly unknown[]).some((s) => matches(s, value))
    case 'oneOf':
      return (argument as readonly unknown[]).filter((s) => matches(s, value)).length === 1
    case 'type':
      return ([] as unknown[]).concat(argument).some((t) => hasType(t as string, value))
    case 'required':
      return !isObject(value) || (argument as readonly string[]).every((name) => name in value)
    case 'properties': {
      if (!isObject(value)) return true
      const properties = argument as Record<string, unknown>
      return Object.entries(properties).every(
        ([name, sub]) => !(name in value) || value[name] === undefined || matches(sub, value[name]),
      )
    }
    default:
      throw new TypeError(`stripInactiveConditionals: unsupported keyword "${keyword}" in an "if"`)
  }
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isObject(value)
    case 'integer':
      return Number.isInteger(value)
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    default:
      return typeof value === type
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]))
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]))
  }
  return false
}

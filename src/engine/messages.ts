// Turns ajv's validation errors into sentences a marketer can act on: what is wrong,
// what was found, and what to write instead.
import type { ErrorObject } from 'ajv'
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
  if (value === null) return 'null'
  if (Array.isArray(value)) return `a list of ${value.length}`
  if (typeof value === 'object') return 'a group of fields'
  if (typeof value === 'string') return `the text "${value.length > 40 ? value.slice(0, 40) + '…' : value}"`
  return `${typeof value} ${String(value)}`
}
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const typeNames: Record<string, string> = {
  string: 'text', integer: 'a whole number', number: 'a number', boolean: 'true or false', array: 'a list', object: 'a group of fields',
}

export function explain(error: ErrorObject): Explained | undefined {
  const path = pathFromPointer(error.instancePath)
  const field = path.length ? String(path[path.length - 1]) : 'this file'
  const p = error.params as Record<string, unknown>
  const schema = (error.parentSchema ?? {}) as { description?: string; properties?: Record<string, unknown>; examples?: unknown[] }
  switch (error.keyword) {
    case 'required': {
      const missing = String(p.missingProperty)
      return { path, part: 'value', message: `missing required field \`${missing}\`; add \`${missing}:\` here` }
    }
    case 'additionalProperties': {
      const extra = String(p.additionalProperty)
      const allowed = Object.keys(schema.properties ?? {})
      const near = suggest(extra, allowed)
      const hint = near ? `did you mean \`${near}\`?` : `allowed fields: ${allowed.join(', ')}`
      return { path: [...path, extra], part: 'key', message: `unknown field \`${extra}\`; ${hint}` }
    }
    case 'type': {
      const expected = String(p.type).split(',').map((t) => typeNames[t] ?? t).join(' or ')
      return { path, part: 'value', message: `\`${field}\` must be ${expected}, but is ${describe(error.data)}` }
    }
    case 'enum':
    case 'const': {
      const allowed = (error.keyword === 'enum' ? (p.allowedValues as unknown[]) : [p.allowedValue]).map(String)
      const near = typeof error.data === 'string' ? suggest(error.data, allowed) : undefined
      return {
        path, part: 'value',
        message: `\`${field}\` is ${describe(error.data)}; ${near ? `did you mean "${near}"? ` : ''}it must be one of: ${allowed.join(', ')}`,
      }
    }
    case 'minItems':
    case 'maxItems': {
      const n = Array.isArray(error.data) ? error.data.length : 0
      const bound = error.keyword === 'minItems' ? 'at least' : 'at most'
      return { path, part: 'value', message: `\`${field}\` must have ${bound} ${plural(Number(p.limit), 'entry').replace('entrys', 'entries')}; this one has ${n}` }
    }
    case 'minLength':
    case 'maxLength': {
      const n = typeof error.data === 'string' ? error.data.length : 0
      if (error.keyword === 'minLength' && n === 0) return { path, part: 'value', message: `\`${field}\` must not be empty` }
      const bound = error.keyword === 'minLength' ? 'at least' : 'at most'
      return { path, part: 'value', message: `\`${field}\` must be ${bound} ${plural(Number(p.limit), 'character')}; this one has ${n}` }
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, part: 'value', message: `\`${field}\` must be ${p.comparison} ${p.limit}, but is ${describe(error.data)}` }
    case 'pattern':
    case 'format': {
      const hint = schema.description ? ` (${schema.description})` : ''
      return { path, part: 'value', message: `\`${field}\` is not in the expected form: ${describe(error.data)}${hint}` }
    }
    case 'uniqueItems':
      return { path: [...path, Number(p.i)], part: 'value', message: `\`${field}\` lists the same entry twice (entries ${Number(p.j) + 1} and ${Number(p.i) + 1}); remove one` }
    case 'if':
    case 'allOf':
    case 'oneOf':
    case 'anyOf':
      return undefined // the specific errors underneath say more
    default:
      return { path, part: 'value', message: `\`${field}\` ${error.message ?? 'is not valid'}` }
  }
}

// Pages and site.yaml refer to site-wide facts as {{company.phone.display}}, so each fact
// is written once in site.yaml. This replaces them and reports unknown names in place.
import type { PathSegment, Problem } from './problems'
import { suggest } from './suggest'
import { problemAt, type YamlSource } from './yaml-source'

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g

/** Every dotted path to a string or number in `facts`, e.g. company.phone.display. */
export function factPaths(facts: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  if (facts && typeof facts === 'object' && !Array.isArray(facts)) {
    for (const [key, value] of Object.entries(facts)) {
      const path = prefix ? `${prefix}.${key}` : key
      if (typeof value === 'string' || typeof value === 'number') out.set(path, String(value))
      else for (const [k, v] of factPaths(value, path)) out.set(k, v)
    }
  }
  return out
}

export function fillPlaceholders<T>(data: T, facts: Map<string, string>, source: YamlSource, problems: Problem[]): T {
  const walk = (value: unknown, path: PathSegment[]): unknown => {
    if (typeof value === 'string') {
      return value.replace(PLACEHOLDER, (whole, name: string) => {
        const fact = facts.get(name)
        if (fact !== undefined) return fact
        const near = suggest(name, [...facts.keys()])
        problems.push(
          problemAt(
            source,
            path,
            `unknown placeholder {{${name}}}${near ? `; did you mean {{${near}}}?` : ''} (site facts live in site.yaml)`,
          ),
        )
        return whole
      })
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, [...path, i]))
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, [...path, k])]))
    }
    return value
  }
  return walk(data, []) as T
}

// Pages and site.yaml refer to site-wide facts as {{company.phone.display}}, so each fact
// is written once in site.yaml. This replaces them and reports unknown names in place.
import { isMap, isScalar, parseDocument } from 'yaml'
import type { PathSegment, Problem } from './problems'
import { suggest } from './suggest'
import { problemAt, type YamlSource } from './yaml-source'

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g

/** A text with its placeholders filled in, unknown ones left as written (the page editor's meters). */
export const fillText = (text: string, facts: ReadonlyMap<string, string>) =>
  text.replace(PLACEHOLDER, (whole, name: string) => facts.get(name) ?? whole)

/**
 * Every dotted path to a string or number in site.yaml, e.g. company.phone.display, with its
 * value as written there: YAML reads `value: 5.0` as the number 5, but pages must say 5.0.
 */
export function factPaths(source: Pick<YamlSource, 'text'>): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (node: unknown, prefix: string) => {
    if (!isMap(node)) return
    for (const { key, value } of node.items) {
      if (!isScalar(key)) continue
      const path = prefix ? `${prefix}.${key.value}` : String(key.value)
      if (isScalar(value)) {
        if (typeof value.value === 'string') out.set(path, value.value)
        else if (typeof value.value === 'number') out.set(path, value.source ?? String(value.value))
      } else walk(value, path)
    }
  }
  walk(parseDocument(source.text).contents, '')
  return out
}

/**
 * `untranslated(name)`: for a page in another language, why a fact cannot be used there as it
 * is (a figure worded in the default language that site.yaml does not word in the page's).
 */
export function fillPlaceholders<T>(
  data: T,
  facts: ReadonlyMap<string, string>,
  source: YamlSource,
  problems: Problem[],
  untranslated: (name: string) => string | undefined = () => undefined,
): T {
  const walk = (value: unknown, path: PathSegment[]): unknown => {
    if (typeof value === 'string') {
      return value.replace(PLACEHOLDER, (whole, name: string) => {
        const fact = facts.get(name)
        const why = fact === undefined ? undefined : untranslated(name)
        if (why) problems.push(problemAt(source, path, why))
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

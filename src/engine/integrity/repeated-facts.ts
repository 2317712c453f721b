// 7. A page (or site.yaml's own footer, navigation and SEO text) never writes out by hand a fact
// that site.yaml holds: "24/7", the phone number, a rating. A copy would go stale the day the fact
// changes in site.yaml; the placeholder follows.
//
// Only the figures and contact details a visitor could quote are looked for: names, labels and
// place names (a state, Services) are ordinary words in pages, not copies.
import { type Document, isScalar } from 'yaml'
import type { SiteLocale } from '../../content/locales'
import { localeFacts } from '../locales'
import { factPaths } from '../placeholders'
import type { PathSegment, Problem } from '../problems'
import { formatPath } from '../problems'
import type { YamlSource } from '../yaml-source'
import type { Context, QuotableFact } from './context'

const QUOTABLE = /^(claims\.|company\.(phone\.|email$|credentials\.[\w-]+\.number$|foundingYear$|rating\.|employees$))/
const PLACEHOLDER = /\{\{[^}]*\}\}/g
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The quotable facts of site.yaml as each language words them, longest first. */
export function quotableFacts(siteSource: Pick<YamlSource, 'text'>, locales: readonly SiteLocale[]) {
  const all = factPaths(siteSource)
  const factsIn = (code: string) =>
    [...localeFacts(all, code, code === locales[0].code)]
      .filter(([path]) => QUOTABLE.test(path))
      .map(([path, value]) => ({
        path,
        value,
        pattern: new RegExp(`(?<![\\w-])${escapeRegExp(value)}(?![\\w-])`, 'g'),
      }))
      .sort((a, b) => b.value.length - a.value.length)
  return new Map(locales.map((l) => [l.code, factsIn(l.code)]))
}

export function checkRepeatedFacts(ctx: Context): Problem[] {
  // A fact written inside a longer one (24 hours in 24-48 hours) is found as the longer one only.
  // Each language looks for the facts as it words them (locales.<code>.claims in site.yaml).
  let byLocale = ctx.quotable
  const factsOf = (code: string) => {
    byLocale ??= quotableFacts(ctx.siteSource, ctx.locales)
    return byLocale.get(code)!
  }
  // Pages (each found once per version of its file, by the content store), and site.yaml itself
  // outside the facts (its footer, navigation and SEO text).
  return [
    ...ctx.pages.flatMap(
      (page) => page.repeatedFacts ?? repeatedFactsIn(page.source, factsOf(ctx.localeOf(page.address).code)),
    ),
    ...repeatedFactsIn(ctx.siteSource, factsOf(ctx.locales[0].code), withoutFacts(ctx.siteSource.data)),
  ]
}

/** The facts written by hand in one file's texts (`data`: what of it to search, by default all). */
export function repeatedFactsIn(
  source: YamlSource,
  facts: readonly QuotableFact[],
  data: unknown = source.data,
): Problem[] {
  const problems: Problem[] = []
  walkStrings(data, [], (text, path) => {
    // Placeholders, and facts already reported, are blanked so a shorter fact is not found inside them.
    let rest = text.replace(PLACEHOLDER, (p) => ' '.repeat(p.length))
    for (const fact of facts) {
      if (!rest.includes(fact.value)) continue
      const copies = [...rest.matchAll(fact.pattern)]
      copies.forEach((_, nth) => {
        const { doc, lineCounter } = source.document()
        const { line, col } = lineCounter.linePos(offsetOf(doc, source.text, path, fact.value, nth))
        problems.push({
          file: source.file,
          line,
          col,
          path: formatPath(path),
          severity: 'error',
          message: `"${fact.value}" is written by hand; it is site.yaml's ${fact.path}: write {{${fact.path}}} instead, so this text follows when the fact changes`,
        })
      })
      rest = rest.replace(fact.pattern, (m) => ' '.repeat(m.length))
    }
  })
  return problems
}

function withoutFacts(data: unknown): unknown {
  if (!data || typeof data !== 'object') return data
  const { company: _company, claims: _claims, locales, ...rest } = data as Record<string, unknown>
  // Each language's worded facts are facts too; the rest of its words are text like any other.
  const words = Object.fromEntries(
    Object.entries((locales ?? {}) as Record<string, Record<string, unknown>>).map(([code, locale]) => {
      const { company: _c, claims: _f, ...text } = locale ?? {}
      return [code, text]
    }),
  )
  return { ...rest, locales: words }
}

function walkStrings(value: unknown, path: PathSegment[], visit: (text: string, path: PathSegment[]) => void) {
  if (typeof value === 'string') visit(value, path)
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) walkStrings(v, [...path, i], visit)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) walkStrings(v, [...path, k], visit)
}

/**
 * Where the `nth` copy of `value` is written in the scalar at `path`: found in the scalar's own
 * source text, else its start (a folded block scalar may break a fact across two lines).
 */
function offsetOf(doc: Document, text: string, path: PathSegment[], value: string, nth: number): number {
  const node = doc.getIn(path, true)
  if (!isScalar(node) || !node.range) return 0
  const [start, end] = node.range
  const written = text.slice(start, end)
  let at = -1
  for (let i = 0; i <= nth; i++) {
    at = written.indexOf(value, at + 1)
    if (at < 0) return start
  }
  return start + at
}

// 3. Uniqueness across pages: titles, meta descriptions and city names (pages copied from
// each other are the usual cause). Duplicate addresses are reported by load-content.
import type { ParsedPage } from '../parsed-page'
import type { PathSegment, Problem } from '../problems'
import { titleWithSuffix } from '../title'
import { problemAt } from '../yaml-source'
import { type Context, lineOf } from './context'

const normalize = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase()

export function checkUniqueness(ctx: Context): Problem[] {
  // The second page of a pair is the one reported: the edited page, when it is one of them.
  const pages = ctx.focus
    ? [...ctx.pages.filter((p) => p.file !== ctx.focus), ...ctx.pages.filter((p) => p.file === ctx.focus)]
    : ctx.pages
  return [
    ...duplicates(
      pages,
      ['meta', 'title'],
      (p) => titleWithSuffix(p.raw.meta.title, ctx.site),
      (first) =>
        `same title as ${first}: each page needs its own, so search results can tell them apart; name what this page is about (its service, city or topic)`,
    ),
    ...duplicates(
      pages,
      ['meta', 'description'],
      (p) => p.raw.meta.description,
      (first) =>
        `same description as ${first}: each page needs its own search snippet; describe what is particular to this page`,
    ),
    // A city has one page per language: city lists link the one in their own language.
    ...ctx.locales.flatMap((locale) =>
      duplicates(
        pages.filter((p) => ctx.localeOf(p.address) === locale),
        ['meta', 'city'],
        (p) => p.raw.meta.city,
        (first) =>
          `this city is already declared by ${first}, so city lists can link only one of the two pages; remove \`city:\` from one of them`,
      ),
    ),
  ]
}

function duplicates(
  pages: ParsedPage[],
  path: PathSegment[],
  readValue: (p: ParsedPage) => string | undefined,
  message: (first: string) => string,
): Problem[] {
  const seen = new Map<string, ParsedPage>()
  const problems: Problem[] = []
  for (const page of pages) {
    const value = readValue(page)
    if (value === undefined) continue
    const key = normalize(value)
    const first = seen.get(key)
    if (first) problems.push(problemAt(page.source, path, message(lineOf(first.source, path))))
    else seen.set(key, page)
  }
  return problems
}

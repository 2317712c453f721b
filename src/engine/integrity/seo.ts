// 4. Search-engine rules: title and description lengths, and no page that no link leads to.
// Headings (exactly one h1) are checked with the other heading rules in headings.ts.
//
// No warning for a page without a sharing image of its own (meta.ogImage): every page gets
// one generated at build time (/og/<address>.png from its title, see app/head.ts), so a page
// without meta.ogImage still has its own distinct image and there is nothing to fix.

import { definitionOf, walkBlocks } from '../blocks'
import type { ParsedPage } from '../parsed-page'
import type { Problem } from '../problems'
import { titleWithSuffix } from '../title'
import { problemAt } from '../yaml-source'
import { type Context, chars, collectLinks, finalPage } from './context'

export const TITLE = { min: 30, max: 60 }
export const DESCRIPTION = { min: 70, max: 160 }

export function checkLengths(ctx: Context): Problem[] {
  const suffix = ctx.site.seo.titleSuffix
  return ctx.pages.flatMap((page) => {
    const problems: Problem[] = []
    const { title, description } = page.raw.meta
    const full = titleWithSuffix(title, ctx.site)
    const n = chars(full)
    const counted =
      full === title
        ? `the title is ${n} characters`
        : `the title is ${n} characters with the suffix "${suffix}" ("${full}")`
    if (n > TITLE.max)
      problems.push(
        problemAt(
          page.source,
          ['meta', 'title'],
          `${counted}; search results cut titles after ${TITLE.max}: shorten it by ${n - TITLE.max}`,
        ),
      )
    else if (n < TITLE.min)
      problems.push(
        problemAt(
          page.source,
          ['meta', 'title'],
          `${counted}; titles need ${TITLE.min}-${TITLE.max} to say what the page offers: add ${TITLE.min - n} or more (e.g. the service or the place)`,
        ),
      )
    const d = chars(description)
    if (d > DESCRIPTION.max)
      problems.push(
        problemAt(
          page.source,
          ['meta', 'description'],
          `the description is ${d} characters; search results cut it after ${DESCRIPTION.max}: shorten it by ${d - DESCRIPTION.max}`,
        ),
      )
    else if (d < DESCRIPTION.min)
      problems.push(
        problemAt(
          page.source,
          ['meta', 'description'],
          `the description is ${d} characters; a search snippet needs ${DESCRIPTION.min}-${DESCRIPTION.max}: add ${DESCRIPTION.min - d} or more`,
        ),
      )
    return problems
  })
}

/**
 * Every page can be reached by following links from the home page and from what every page
 * shows (site.yaml's navigation, footer and service catalogue) or site.yaml's related-link
 * sets. Links written in blocks count, and so do those the engine adds at build time: city
 * lists link the pages that declare `meta.city`, an insights list links every article.
 */
export function checkOrphans(ctx: Context): Problem[] {
  // A page that failed its schema is missing from the graph, so what it links would look
  // unreachable: its own errors come first.
  if (ctx.invalidAddresses.size) return []
  const reached = new Set<string>()
  const queue: string[] = []
  const visit = (address: string) => {
    const page = finalPage(ctx, address)
    if (page && !reached.has(page)) {
      reached.add(page)
      queue.push(page)
    }
  }
  visit('/')
  for (const link of ctx.siteLinks) visit(link.address)
  // Every page links its other languages' versions (the header's language switcher).
  const switcher = (address: string) => ctx.translations.versionsOf(address).map((v) => v.path)

  const linksFrom = new Map<string, string[]>()
  for (const link of ctx.pageLinks) {
    if (!link.followable) continue
    const from = link.page!.address
    linksFrom.set(from, [...(linksFrom.get(from) ?? []), link.address])
  }
  // Links the engine adds at build time count too (a city list links the pages that declare
  // `meta.city`, an insights list every article): they are in the resolved blocks.
  // Only the blocks the engine resolves can hold links the YAML does not write (the others'
  // are in ctx.pageLinks already).
  for (const page of ctx.pages) {
    const resolved = collectLinks(
      walkBlocks((page.blocks ?? []).map((b) => b.block))
        .filter((v) => definitionOf(v.block).resolve)
        .map((v) => v.block),
      ['blocks'],
      page.source,
      page,
      { tellDefaults: false },
    ).map((l) => l.address)
    linksFrom.set(page.address, [...(linksFrom.get(page.address) ?? []), ...resolved, ...switcher(page.address)])
  }

  while (queue.length) for (const target of linksFrom.get(queue.shift()!) ?? []) visit(target)

  return ctx.pages.filter((p) => !reached.has(p.address)).map((page) => orphan(ctx, page, linksFrom))
}

function orphan(ctx: Context, page: ParsedPage, linksFrom: Map<string, string[]>): Problem {
  const linkers = ctx.pages.filter(
    (p) => p !== page && (linksFrom.get(p.address) ?? []).some((a) => finalPage(ctx, a) === page.address),
  )
  const why = linkers.length
    ? `only pages that no link leads to either link here (${linkers.map((p) => p.file).join(', ')})`
    : 'neither site.yaml (navigation, footer, services, relatedLinks) nor any page links here'
  const how = 'link it from the navigation or footer in site.yaml, or from a related page'
  if (page.raw.meta.noindex)
    return problemAt(
      page.source,
      ['meta'],
      `no link leads to this page: ${why}. It has meta.noindex, so this is fine if visitors reach it only by its address; otherwise ${how}`,
      { part: 'key', severity: 'warning' },
    )
  return problemAt(
    page.source,
    ['meta'],
    `no link leads to this page (an orphan): ${why}; ${how}, or set meta.noindex: true if it is reached only by its address (e.g. from an ad)`,
    { part: 'key' },
  )
}

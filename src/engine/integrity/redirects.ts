// 2. Redirects (site.yaml `redirects`): each leads straight to a page, in one hop, without
// loops, never hides a live page and is declared once.
import type { Problem } from '../problems'
import { problemAt } from '../yaml-source'
import { type Context, finalPage, lineOf } from './context'
import { nearestAddress } from './links'

export function checkRedirects(ctx: Context): Problem[] {
  const { site, siteSource: source } = ctx
  const problems: Problem[] = []
  site.redirects.forEach((r, i) => {
    const at = (field: 'from' | 'to', message: string) =>
      problems.push(problemAt(source, ['redirects', i, field], message))

    const first = ctx.redirects.get(r.from)!
    if (first.index !== i) {
      const same = first.to === r.to ? 'with the same target' : `to ${first.to}, not ${r.to}`
      at(
        'from',
        `${r.from} is already redirected (${lineOf(source, ['redirects', first.index])}) ${same}; remove one of the two entries`,
      )
      return
    }

    const page = ctx.pageByAddress.get(r.from)
    if (page)
      at(
        'from',
        `${r.from} is the address of a live page (${page.file}): this redirect would hide it; remove the redirect, or remove or rename the page`,
      )

    const loop = loopFrom(ctx, r.from)
    if (loop) {
      at(
        'to',
        loop.length === 1
          ? `redirects ${r.from} to itself; point it at a page`
          : `redirect loop ${[...loop, r.from].join(' → ')}: visitors would never arrive; point ${r.from} at a page`,
      )
      return
    }
    if (ctx.pageByAddress.has(r.to) || ctx.invalidAddresses.has(r.to)) return
    const next = ctx.redirects.get(r.to)
    if (next) {
      const end = finalPage(ctx, r.to)
      const fix = end ? `point it straight at ${end}` : 'point it at a page'
      at(
        'to',
        `redirects to ${r.to}, which is itself redirected (${lineOf(source, ['redirects', next.index])}): a chain of redirects; ${fix}`,
      )
      return
    }
    const near = nearestAddress(ctx, r.to)
    at(
      'to',
      `redirects to ${r.to}, but no page has that address; ${near ? `did you mean ${near}?` : 'point it at an existing page'}`,
    )
  })
  return problems
}

/** The addresses of the loop that starts at `from`, if following its redirects returns to it. */
function loopFrom(ctx: Context, from: string): string[] | undefined {
  const path: string[] = []
  let at = from
  while (!path.includes(at)) {
    path.push(at)
    const r = ctx.redirects.get(at)
    if (!r) return undefined
    at = r.to
  }
  return at === from ? path : undefined
}

/** A page's `meta.aliases` become redirects to it: each must be free and declared once. */
export function checkAliases(ctx: Context): Problem[] {
  const problems: Problem[] = []
  const owners = new Map<string, string>()
  for (const page of ctx.pages) {
    ;(page.raw.meta.aliases ?? []).forEach((alias, i) => {
      const at = (message: string) => problems.push(problemAt(page.source, ['meta', 'aliases', i], message))
      const live = ctx.pageByAddress.get(alias)
      const redirect = ctx.redirects.get(alias)
      const owner = owners.get(alias)
      if (live) at(`${alias} is the address of a live page (${live.file}); an alias cannot hide it: remove the alias`)
      else if (redirect)
        at(
          `${alias} is already redirected in site.yaml (${lineOf(ctx.siteSource, ['redirects', redirect.index])}); remove one of the two`,
        )
      else if (owner) at(`${alias} is already an alias of ${owner}; remove it from one of the two pages`)
      owners.set(alias, page.file)
    })
  }
  return problems
}

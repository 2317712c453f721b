// 1. Every internal link leads to a page, directly or through a redirect whose target exists.

import type { Link } from '../parsed-page'
import type { Problem } from '../problems'
import { suggest } from '../suggest'
import { problemAt } from '../yaml-source'
import { type Context, fileFor, finalPage, lineOf } from './context'

export function checkLinks(ctx: Context): Problem[] {
  return [...ctx.siteLinks, ...ctx.pageLinks].flatMap((link) => {
    if (finalPage(ctx, link.address)) return []
    return [problemAt(link.source, link.path, messageFor(ctx, link))]
  })
}

/** site.yaml's `places.listedOn` is a page, and one that lists places (a block with `cities:`). */
export function checkPlaces(ctx: Context): Problem[] {
  const listedOn = ctx.site.places?.listedOn
  if (!listedOn) return []
  const at = (message: string) => [problemAt(ctx.siteSource, ['places', 'listedOn'], message)]
  const page = ctx.pageByAddress.get(listedOn)
  if (!page) {
    const near = nearestAddress(ctx, listedOn)
    return at(
      `no page has the address ${listedOn}${near ? `; did you mean ${near}?` : ''}: name the page whose city list names the places`,
    )
  }
  if (!page.raw.blocks.some((b) => 'cities' in b))
    return at(`${page.file} has no block with \`cities:\` (a city-list block), so new places cannot be added to it`)
  return []
}

function messageFor(ctx: Context, link: Link): string {
  const a = link.address
  const subject =
    link.path[link.path.length - 1] === 'canonical'
      ? `the canonical address is ${a}, but`
      : link.implicit
        ? `this block links to ${a} (the default ${link.implicit}), but`
        : `links to ${a}, but`
  const redirect = ctx.redirects.get(a)
  if (redirect) {
    const where = lineOf(ctx.siteSource, ['redirects', redirect.index])
    return `${subject} that address redirects to ${redirect.to}, which leads to no page; fix the redirect (${where}) or link the page directly`
  }
  const near = nearestAddress(ctx, a)
  const fix = near
    ? `did you mean ${near}?`
    : link.implicit
      ? `set \`${link.implicit}:\` to an existing address, or`
      : 'link an existing address, or'
  return `${subject} no page has that address; ${fix}${near ? ' (or' : ''} create ${fileFor(a)}${near ? ')' : ''}`
}

/** The existing address closest to a mistyped one: by spelling, else by its last segment. */
export function nearestAddress(ctx: Context, address: string): string | undefined {
  const candidates = [...ctx.pageByAddress.keys()]
  const near = suggest(address, candidates)
  if (near) return near
  const last = address.split('/').filter(Boolean).pop()
  return last ? candidates.find((a) => a.split('/').pop() === last) : undefined
}

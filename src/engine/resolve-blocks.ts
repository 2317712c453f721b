// Blocks whose content depends on site.yaml or on other pages get it here, at build time,
// from their definition's `resolve`, so the browser receives finished data and no page
// needs the others at run time.
import type { BlockContext, PostSummary } from '../blocks/define'
import type { Block } from '../blocks/types'
import type { PageMeta, SiteConfig } from '../content/types'
import { definitionOf, mapSlots } from './blocks'

export function postSummary(
  address: string,
  meta: PageMeta,
  heading: string,
  site: SiteConfig,
): PostSummary | undefined {
  const a = meta.article
  if (!a) return undefined
  return {
    href: address,
    title: heading,
    excerpt: a.excerpt,
    category: a.category,
    date: a.date,
    readTime: a.readTime,
    image: a.image,
    author: a.author ?? `${site.company.name} Team`,
  }
}

/** The block as the browser gets it, or undefined when it has nothing left to show. */
export function resolveBlock(block: Block, context: BlockContext): Block | undefined {
  const resolveOne = (one: Block) => {
    const resolve = definitionOf(one).resolve
    if (!resolve) return one
    const resolved = resolve(one, context)
    return resolved === null ? undefined : ({ ...one, ...resolved } as Block)
  }
  // The blocks in its slots first, each against the same page.
  return resolveOne(mapSlots(block, resolveOne))
}

/** What a page is about: the heading of its first block (its h1), else its title. */
export const pageHeading = (blocks: readonly Block[], meta: PageMeta) =>
  (blocks[0] as { heading?: string } | undefined)?.heading ?? meta.title

// Blocks whose content depends on site.yaml or on other pages get it here, at build time,
// so the browser receives finished data and no page needs the others at run time.
import type { Block, PostSummary } from '../blocks/types'
import type { PageMeta, SiteConfig } from '../content/types'

export type SiteIndex = {
  site: SiteConfig
  /** City name -> address of the page that declares `meta.city` with that name. */
  cityPages: Map<string, string>
  /** Every article page, newest first. */
  posts: PostSummary[]
}

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
export function resolveBlock(
  block: Block,
  page: { path: string; meta: PageMeta },
  index: SiteIndex,
): Block | undefined {
  switch (block.type) {
    case 'city-list': {
      const links: Record<string, string> = {}
      for (const city of block.cities) {
        const target = index.cityPages.get(city) ?? block.fallbackHref
        if (target) links[city] = target
      }
      return { ...block, links }
    }
    case 'related-links': {
      const excluded = new Set([page.path, ...(block.exclude ?? [])])
      const links = index.site.relatedLinks[block.context].filter((l) => !excluded.has(l.url)).slice(0, block.max ?? 4)
      return links.length ? { ...block, links } : undefined
    }
    case 'service-cards': {
      const services = index.site.services.filter((s) => s.href !== page.path).slice(0, block.limit ?? Infinity)
      return { ...block, services }
    }
    case 'insights-list':
      return { ...block, posts: index.posts }
    case 'article-header': {
      const post = index.posts.find((p) => p.href === page.path)
      return post
        ? {
            ...block,
            article: { category: post.category, date: post.date, readTime: post.readTime, author: post.author },
          }
        : block
    }
    default:
      return block
  }
}

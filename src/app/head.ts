// The <head> of a page, from its `meta` and site.yaml's SEO defaults. Returned in the shape
// of TanStack Router's route `head` option, which renders and updates the tags.
import type { PageData, SiteConfig } from '../content/types'

type HeadTags = {
  meta: Array<Record<string, string>>
  links: Array<Record<string, string>>
}

export function canonicalUrl(site: SiteConfig, address: string) {
  return site.seo.origin + address
}

export function pageHead(page: PageData, site: SiteConfig): HeadTags {
  const { meta } = page
  const url = canonicalUrl(site, meta.canonical ?? page.path)
  const image = site.seo.origin + (meta.ogImage ?? site.seo.defaultImage)
  return {
    meta: [
      { title: meta.title },
      { name: 'description', content: meta.description },
      ...(meta.keywords?.length ? [{ name: 'keywords', content: meta.keywords.join(', ') }] : []),
      { name: 'robots', content: meta.noindex ? 'noindex, follow' : 'index, follow' },
      { property: 'og:title', content: meta.ogTitle ?? meta.title },
      { property: 'og:description', content: meta.ogDescription ?? meta.description },
      { property: 'og:type', content: meta.ogType ?? 'website' },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image },
      { property: 'og:site_name', content: site.seo.siteName },
      { property: 'og:locale', content: site.seo.locale },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:site', content: site.seo.twitterHandle },
    ],
    links: [{ rel: 'canonical', href: url }],
  }
}

export function notFoundHead(site: SiteConfig): HeadTags {
  return { meta: [{ title: site.notFound.title }, { name: 'robots', content: 'noindex' }], links: [] }
}

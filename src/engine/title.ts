// The title a page shows in the browser tab and in search results: its meta.title plus
// site.yaml's seo.titleSuffix, unless the title already names the brand. One rule, shared by
// the loader (what pages get) and the integrity checks (what is measured for length).
import type { SiteConfig } from '../content/types'

/** Appends site.yaml's title suffix unless the title already names the brand. */
export function titleWithSuffix(title: string, site: Pick<SiteConfig, 'seo'>): string {
  const suffix = site.seo.titleSuffix
  const brand = suffix.replace(/^[\s|–-]+/, '').trim()
  return !suffix || (brand && title.includes(brand)) ? title : title + suffix
}

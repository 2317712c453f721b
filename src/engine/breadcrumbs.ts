import type { Crumb } from '../content/types'

type Labels = {
  /** The first crumb's label when the language's home page sets no `meta.breadcrumb`. */
  home: string
  pageLabel(address: string): string | undefined
  segmentLabel(segment: string): string | undefined
}

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')

/**
 * The language's home (`home`: / or /es), then one crumb per path segment after it; a segment
 * without a page links nowhere ('' href).
 */
export function breadcrumbsFor(
  address: string,
  home: string,
  exists: (address: string) => boolean,
  labels: Labels,
): Crumb[] {
  if (address === home) return []
  const base = home === '/' ? '' : home
  const segments = address.slice(base.length).split('/').filter(Boolean)
  const crumbs: Crumb[] = [{ label: labels.pageLabel(home) ?? labels.home, href: home }]
  segments.forEach((segment, i) => {
    const href = `${base}/${segments.slice(0, i + 1).join('/')}`
    const label = labels.pageLabel(href) ?? labels.segmentLabel(segment) ?? titleCase(segment)
    crumbs.push({ label, href: exists(href) ? href : '' })
  })
  return crumbs
}

import type { Crumb } from '../content/types'

type Labels = { pageLabel(address: string): string | undefined; segmentLabel(segment: string): string | undefined }

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')

/** Home, then one crumb per path segment; a segment without a page links nowhere ('' href). */
export function breadcrumbsFor(address: string, exists: (address: string) => boolean, labels: Labels): Crumb[] {
  if (address === '/') return []
  const segments = address.split('/').filter(Boolean)
  const crumbs: Crumb[] = [{ label: labels.pageLabel('/') ?? 'Home', href: '/' }]
  segments.forEach((segment, i) => {
    const href = `/${segments.slice(0, i + 1).join('/')}`
    const label = labels.pageLabel(href) ?? labels.segmentLabel(segment) ?? titleCase(segment)
    crumbs.push({ label, href: exists(href) ? href : '' })
  })
  return crumbs
}

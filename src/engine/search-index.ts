import MiniSearch from 'minisearch'
import { type SearchDocument, searchOptions } from '../content/search-options'
import type { PageData } from '../content/types'

// Keys whose values are addresses or identifiers, not words a visitor would search for.
const NOT_TEXT = new Set([
  'type',
  'href',
  'src',
  'icon',
  'anchor',
  'url',
  'fallbackHref',
  'backHref',
  'variant',
  'tone',
  'id',
  'form',
  'context',
  'links',
])

function textOf(value: unknown, key = ''): string[] {
  if (NOT_TEXT.has(key)) return []
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap((v) => textOf(v))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textOf(v, k))
  return []
}

function headingOf(page: PageData): string {
  const first = page.blocks[0] as { heading?: string } | undefined
  return first?.heading ?? page.meta.title
}

/** The serialised MiniSearch index of every indexable page. */
export function buildSearchIndex(pages: readonly PageData[]): string {
  const index = new MiniSearch<SearchDocument>(searchOptions)
  index.addAll(
    pages
      .filter((p) => !p.meta.noindex)
      .map((p) => ({
        id: p.path,
        title: headingOf(p),
        description: p.meta.description,
        text: textOf(p.blocks).join(' '),
      })),
  )
  return JSON.stringify(index)
}

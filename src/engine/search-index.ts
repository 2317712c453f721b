import MiniSearch from 'minisearch'
import type { PageData } from '../blocks/types'
import { type SearchDocument, searchOptions } from '../content/search-options'
import { blockTypes, definitionOf } from './blocks'
import { pageHeading } from './resolve-blocks'

// Keys whose values are addresses or identifiers, not words a visitor would search for: the
// shared fields of every block, and those each block's definition names.
export const NOT_TEXT: ReadonlySet<string> = new Set([
  'type',
  'href',
  'src',
  'icon',
  'anchor',
  'url',
  'variant',
  'tone',
  'id',
  ...blockTypes.flatMap((type) => definitionOf(type).nonTextFields ?? []),
])

function textOf(value: unknown, key = ''): string[] {
  if (NOT_TEXT.has(key)) return []
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap((v) => textOf(v))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textOf(v, k))
  return []
}

/** The serialised MiniSearch index of every indexable page. */
export function buildSearchIndex(pages: readonly PageData[]): string {
  const index = new MiniSearch<SearchDocument>(searchOptions)
  index.addAll(
    pages
      .filter((p) => !p.meta.noindex)
      .map((p) => ({
        id: p.path,
        title: pageHeading(p.blocks, p.meta),
        description: p.meta.description,
        text: textOf(p.blocks).join(' '),
      })),
  )
  return JSON.stringify(index)
}

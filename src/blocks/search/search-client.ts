import type MiniSearch from 'minisearch'
import { SEARCH_INDEX_URL, type SearchDocument, searchOptions } from '../../content/search-options'

let loading: Promise<MiniSearch<SearchDocument>> | undefined

/** Loads the library and the index on first use only, so no other page pays for them. */
export function loadSearchIndex(): Promise<MiniSearch<SearchDocument>> {
  loading ??= Promise.all([
    import('minisearch'),
    fetch(SEARCH_INDEX_URL).then((r) => {
      if (!r.ok) throw new Error(`Search index: HTTP ${r.status}`)
      return r.text()
    }),
  ]).then(([{ default: MiniSearchClass }, json]) => MiniSearchClass.loadJSON<SearchDocument>(json, searchOptions))
  loading.catch(() => (loading = undefined))
  return loading
}

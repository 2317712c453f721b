import type MiniSearch from 'minisearch'
import { type SearchDocument, searchOptions } from '../../content/search-options'

const loading = new Map<string, Promise<MiniSearch<SearchDocument>>>()

/** Loads the library and a language's index on first use only, so no other page pays for them. */
export function loadSearchIndex(url: string): Promise<MiniSearch<SearchDocument>> {
  let pending = loading.get(url)
  if (!pending) {
    pending = Promise.all([
      import('minisearch'),
      fetch(url).then((r) => {
        if (!r.ok) throw new Error(`Search index: HTTP ${r.status}`)
        return r.text()
      }),
    ]).then(([{ default: MiniSearchClass }, json]) => MiniSearchClass.loadJSON<SearchDocument>(json, searchOptions))
    loading.set(url, pending)
    pending.catch(() => loading.delete(url))
  }
  return pending
}

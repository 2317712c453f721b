// One definition of the search index's shape, used to build it (at build time) and to load
// it (in the browser): MiniSearch needs the same options on both sides.
/** Each language's pages have their own index, in its folder: /search-index.json, /es/search-index.json. */
export const searchIndexUrl = (home: string) => `${home === '/' ? '' : home}/search-index.json`

export const searchOptions = {
  fields: ['title', 'description', 'text'],
  storeFields: ['title', 'description'],
  searchOptions: { boost: { title: 3, description: 2 }, prefix: true, fuzzy: 0.2 },
}

export type SearchDocument = { id: string; title: string; description: string; text: string }

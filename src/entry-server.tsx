import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { App } from './app/App'
import { setPageSource } from './app/page-source'
import { createSiteRouter } from './app/router'
import type { PageData } from './content/types'

export type Rendered = { html: string; status: number }

/** Renders one address to HTML with the data the build already holds (no fetching). */
export async function render(address: string, pages: ReadonlyMap<string, PageData>): Promise<Rendered> {
  setPageSource(async (a) => pages.get(a))
  const router = createSiteRouter(createMemoryHistory({ initialEntries: [address] }))
  await router.load()
  const html = renderToString(<App router={router} />)
  // Every address is either a page of pages/ or the not-found page.
  return { html, status: pages.has(address) ? 200 : 404 }
}

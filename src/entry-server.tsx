import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { Fragment } from 'react'
import { renderToString } from 'react-dom/server'
import { App } from './app/App'
import { createPageSource } from './app/page-source'
import { createSiteRouter } from './app/router'
import { preloadBlocks, RenderBlocks } from './blocks/RenderBlocks'
import type { Block, PageData } from './blocks/types'

export type Rendered = { html: string; status: number }

/** Renders one address to HTML with the data the build already holds (no fetching). */
export async function render(address: string, pages: ReadonlyMap<string, PageData>): Promise<Rendered> {
  const router = createSiteRouter({
    pages: createPageSource(async (a) => pages.get(a)),
    history: createMemoryHistory({ initialEntries: [address] }),
  })
  await router.load()
  const html = renderToString(<App router={router} />)
  // Every address is either a page of pages/ or the not-found page.
  return { html, status: pages.has(address) ? 200 : 404 }
}

const BLOCK_END = '<template data-block-end=""></template>'

/**
 * The HTML of each block, on its own (inside a bare router, as blocks link with it): what the
 * build's checks of the rendered page read, e.g. its headings.
 */
export async function renderBlocks(blocks: readonly Block[]): Promise<string[]> {
  await preloadBlocks(blocks)
  const rootRoute = createRootRoute({
    component: () =>
      blocks.map((block, i) => (
        <Fragment key={i}>
          <RenderBlocks blocks={[block]} />
          <template data-block-end="" />
        </Fragment>
      )),
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  await router.load()
  return renderToString(<RouterProvider router={router} />)
    .split(BLOCK_END)
    .slice(0, blocks.length)
}

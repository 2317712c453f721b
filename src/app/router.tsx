// The route tree, generated from pages/ (via the `virtual:site` manifest): one route per
// folder of pages, whose loader fetches the page's own data file, and one for every other
// address, whose loader does the same: a redirected address's data file says where it leads
// (a redirect may leave from a folder that has no pages). Adding a page or a redirect adds no
// code here and no bytes to the bundle.

import { locales, manifest, site } from 'virtual:site'
import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type RouterHistory,
} from '@tanstack/react-router'
import { preloadBlocks } from '../blocks/RenderBlocks'
import { ErrorPage } from './ErrorPage'
import { pageHead, siteHead } from './head'
import { Layout } from './Layout'
import { NotFoundPage } from './NotFoundPage'
import { PageView } from './PageView'
import type { PageSource } from './page-source'
import { loadedSiteFor, loadSiteFor } from './site-in-locale'

export type SiteRouterContext = { pages: PageSource }

type Options = SiteRouterContext & {
  history?: RouterHistory
  /** The page editor's preview: the page is drawn again in place at every edit, the scroll never moved. */
  keepScroll?: boolean
}

export function createSiteRouter({ pages, history, keepScroll = false }: Options) {
  const rootRoute = createRootRouteWithContext<SiteRouterContext>()({
    // site.yaml in the language of the address is loaded before the page shows (its own chunk
    // for a language other than the default). In beforeLoad, not a loader: it runs on every
    // navigation, while the root's loader data would be kept from the first page's language.
    beforeLoad: async ({ location }) => {
      await loadSiteFor(location.pathname)
    },
    head: ({ matches }) => siteHead(loadedSiteFor(matches.at(-1)?.pathname ?? '/')),
    component: Layout,
    notFoundComponent: NotFoundPage,
    errorComponent: ErrorPage,
  })

  const pageRoute = (path: string) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      loader: async ({ location, context }) => {
        const page = await context.pages.load(location.pathname)
        await preloadBlocks(page.blocks)
        return page
      },
      head: ({ loaderData }) => (loaderData ? pageHead(loaderData, site, locales) : {}),
      component: PageView,
    })

  const children: AnyRoute[] = [
    ...(manifest.hasHome ? [pageRoute('/')] : []),
    ...manifest.folders.map((folder) => pageRoute(folder ? `/${folder}/$slug` : '/$slug')),
    pageRoute('/$'),
  ]

  // The document's own load leaves the scroll to the browser: it is at the top, at the #anchor
  // or where a reload was, and on a slow connection the visitor may have scrolled on (and
  // tapped) long before the app arrives; putting the page back at the top would take them away.
  let documentLoad = true
  const restoreScroll = () => {
    if (!documentLoad) return true
    documentLoad = false
    return false
  }

  return createRouter({
    routeTree: rootRoute.addChildren(children),
    history,
    context: { pages },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // A new page starts at the top (or at its #anchor); back and forward return to where the
    // visitor was. Browser only: prerendered, TanStack would inline a script the CSP forbids.
    scrollRestoration: keepScroll ? () => false : typeof window !== 'undefined' && restoreScroll,
  })
}

export type SiteRouter = ReturnType<typeof createSiteRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: SiteRouter
  }
}

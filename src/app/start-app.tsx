// Starts the app on the page the browser loaded: makes the router, matches the address,
// hydrates the prerendered HTML (or renders, on a page with nothing prerendered) and hands the
// page over to the app. Each step is a task of its own, and so is evaluating React DOM's code,
// imported apart from the rest of the app's (at 4x CPU slowdown, evaluating all of it took
// 40 ms and the router's start 100 ms), so the start never keeps a tap waiting long.
import { createBrowserHistory } from '@tanstack/react-router'
import { startTransition } from 'react'
import { eachWhenIdle, endFirstLoad, startFirstLoad, whenIdle } from '../blocks/hydration'
import type { PageData } from '../blocks/types'
import { nextTask } from '../measure/next-task'
import { App } from './App'
import { openFormsInPlace } from './form-dialog'
import { likelyNextPages } from './head'
import { createPageSource, type PageSource } from './page-source'
import { createSiteRouter, type SiteRouter } from './router'
import { loadedSiteFor } from './site-in-locale'
import { keepLinksClientSide } from './spa-links'

/**
 * The data of the pages a visitor is likely to open next, fetched when the browser is idle after
 * the start, one page at a time: not while the page loads, where it would compete with it.
 */
function fetchLikelyNextPagesWhenIdle(pages: PageSource) {
  const here = window.location.pathname
  eachWhenIdle(
    () => likelyNextPages(loadedSiteFor(here)).filter((address) => address !== here),
    (address) => pages.preload(address),
  )
}

/**
 * Offline support, registered once the start's work is done: installing the service worker
 * fetches and stores every hashed asset of the site, which would otherwise compete with the page's
 * own hydration for the network and, on a phone's few cores, for the CPU. A browser that refuses
 * the service worker simply goes without.
 */
function registerServiceWorkerWhenIdle() {
  whenIdle(() => navigator.serviceWorker?.register('/sw.js').catch(() => {}))
}

/** The first page's data, embedded in its HTML: hydration needs no request. */
function embeddedPage(): PageData | undefined {
  const embedded = document.getElementById('page-data')?.textContent
  return embedded ? ((JSON.parse(embedded) as PageData | null) ?? undefined) : undefined
}

/**
 * Hydrates the prerendered page. Marks the router as hydrating server HTML, as TanStack's own
 * SSR client does, so it renders the same tree as the server (no Suspense boundary around the
 * matches). As a transition, hydration yields to the browser every few milliseconds instead of
 * blocking the main thread in one long task; the page is already visible meanwhile.
 */
function hydrate(dom: ReactDom, container: HTMLElement, router: SiteRouter, pages: PageSource) {
  router.ssr = { manifest: undefined }
  startTransition(() => {
    dom.hydrateRoot(container, <App router={router} />)
  })
  const firstAddress = window.location.pathname
  const unsubscribe = router.subscribe('onBeforeNavigate', ({ pathChanged }) => {
    if (!pathChanged) return
    endFirstLoad()
    unsubscribe()
    // The embedded data held only what hydration needed (a static block's props stay out of
    // the HTML): from now on the first page is loaded whole, from its data file, like any other.
    pages.forget(firstAddress)
    const unsubscribeResolved = router.subscribe('onResolved', () => {
      unsubscribeResolved()
      router.clearCache({ filter: (match) => match.pathname === firstAddress })
    })
  })
}

type ReactDom = typeof import('react-dom/client')

/**
 * The rest of the site stylesheet: a prerendered page inlines only the rules its own markup uses
 * (src/build/page-styles.ts), and the app changes the markup (a menu opened, a carousel turned,
 * another page's blocks). Resolves once it has loaded, or failed to (offline): the page goes on.
 */
function loadRestOfStylesheet(): Promise<void> {
  const href = document.querySelector<HTMLScriptElement>('script[data-styles]')?.dataset.styles
  if (!href) return Promise.resolve()
  return new Promise((settled) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.addEventListener('load', () => settled())
    link.addEventListener('error', () => settled())
    document.head.append(link)
  })
}

export async function startApp() {
  // Apart from evaluating the app's modules: adding the link is work of its own for the browser.
  await nextTask()
  const styled = loadRestOfStylesheet()
  await nextTask()
  // The history's first entry is stamped with a key (history.replaceState, slow in Chromium).
  const history = createBrowserHistory()
  await nextTask()
  const pages = createPageSource()
  const router = createSiteRouter({ pages, history })
  const container = document.getElementById('root')!
  const hydrating = container.firstElementChild !== null
  const firstPage = embeddedPage()
  if (firstPage) pages.prime(window.location.pathname, firstPage)
  // Each block of the first page hydrates on its own, when its policy says, and the header and
  // the footer (the layout renders them into the container) when used (blocks/hydration.ts).
  if (hydrating)
    startFirstLoad(document.querySelector('main'), firstPage?.blocks, {
      header: container.querySelector(':scope > header'),
      footer: container.querySelector(':scope > footer'),
    })
  await nextTask()
  await router.load()
  await nextTask()
  // Fetched with the app's entry (src/app/boot.js preloads it, `data-app`), evaluated now.
  const dom = await import('react-dom/client')
  await nextTask()

  await styled
  if (hydrating) hydrate(dom, container, router, pages)
  else dom.createRoot(container).render(<App router={router} />)
  await nextTask()
  // Before the client-side links: a quote button opens the page's own form rather than leave.
  openFormsInPlace()
  keepLinksClientSide(router)
  // React listens now: the taps src/app/boot.js kept are replayed.
  document.dispatchEvent(new Event('app:ready'))
  fetchLikelyNextPagesWhenIdle(pages)

  if (import.meta.env.PROD && import.meta.env.BUILT) registerServiceWorkerWhenIdle()
  // The counting code (and the field speed), once the start's work is done and the browser is idle:
  // a visitor who leaves (or loses the network) before it loads misses nothing.
  whenIdle(() => void import('../measure/start').then((m) => m.startMeasuring(router)).catch(() => {}))

  // npm run dev: a saved YAML file re-renders the open page without a reload.
  if (import.meta.hot) {
    import.meta.hot.on('site:pages-changed', () => {
      pages.forget()
      void router.invalidate()
    })
  }
}

import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App'
import { likelyNextPages } from './app/head'
import { createPageSource, type PageSource } from './app/page-source'
import { createSiteRouter } from './app/router'
import { loadedSiteFor } from './app/site-in-locale'
import { keepLinksClientSide } from './app/spa-links'
import { endFirstLoad, startFirstLoad } from './blocks/hydration'
import type { PageData } from './blocks/types'
import './styles/index.css'

/** Resolves in a new task, so the work after it is not added to the current one. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  // A message, not a timer: a page whose clock is paused (tests) still goes on.
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}

/**
 * The data of the pages a visitor is likely to open next, fetched when the browser is idle after
 * the start: not while the page loads, where it would compete with it.
 */
function fetchLikelyNextPagesWhenIdle(pages: PageSource) {
  const idle = window.requestIdleCallback ?? ((run: () => void) => nextTask().then(run))
  idle(() => {
    const here = window.location.pathname
    for (const address of likelyNextPages(loadedSiteFor(here))) if (address !== here) pages.preload(address)
  })
}

/**
 * The rest of the site stylesheet: a prerendered page inlines only the rules its own markup uses
 * (scripts/page-styles.ts), and the app changes the markup (a menu opened, a carousel turned,
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

async function start() {
  const styled = loadRestOfStylesheet()
  // Evaluating the app's modules is one task; the router's start and hydration are others, so
  // none of them blocks a tap for long on a slow phone.
  await nextTask()
  const pages = createPageSource()
  const router = createSiteRouter({ pages })
  const container = document.getElementById('root')!
  const hydrating = container.firstElementChild !== null
  // The prerendered page carries its own data, so hydration needs no request.
  const embedded = document.getElementById('page-data')
  const firstPage = embedded?.textContent
    ? ((JSON.parse(embedded.textContent) as PageData | null) ?? undefined)
    : undefined
  if (embedded?.textContent) pages.prime(window.location.pathname, firstPage)
  // Each block of the first page hydrates on its own, when its policy says (blocks/hydration.ts).
  if (hydrating) startFirstLoad(document.querySelector('main'), firstPage?.blocks)
  // Making the router and matching the address are a task each (together they were the longest
  // of the start: 100 ms at 4x CPU slowdown).
  await nextTask()
  await router.load()
  await nextTask()

  await styled
  if (hydrating) {
    // Marks the router as hydrating server HTML, as TanStack's own SSR client does, so it
    // renders the same tree as the server (no Suspense boundary around the matches).
    router.ssr = { manifest: undefined }
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // blocking the main thread in one long task; the page is already visible meanwhile.
    startTransition(() => {
      hydrateRoot(container, <App router={router} />)
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
  } else {
    createRoot(container).render(<App router={router} />)
  }
  keepLinksClientSide(router)
  // React listens now: the taps public/boot.js kept are replayed.
  document.dispatchEvent(new Event('app:ready'))
  fetchLikelyNextPagesWhenIdle(pages)

  if (import.meta.env.PROD) {
    // Offline support; a browser that refuses the service worker simply goes without.
    navigator.serviceWorker?.register('/sw.js').catch(() => {})
  }
  // Only a report in the console: a visitor who leaves (or loses the network) before it loads misses nothing.
  void import('./app/web-vitals').then((m) => m.reportWebVitals()).catch(() => {})

  // npm run dev: a saved YAML file re-renders the open page without a reload.
  if (import.meta.hot) {
    import.meta.hot.on('site:pages-changed', () => {
      pages.forget()
      void router.invalidate()
    })
  }
}

void start()

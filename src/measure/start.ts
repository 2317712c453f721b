// Starts the counting code on the app's router (src/app/start-app.tsx imports this once the app has
// started and the browser is idle), then the field-speed reports.
import { startCounting } from './counter'
import { siteAddress } from './visit'

interface RouterLike {
  state: { matches: readonly { loaderData?: unknown }[] }
  subscribe(event: 'onResolved', listener: (event: { pathChanged: boolean }) => void): () => void
}

export function startMeasuring(router: RouterLike) {
  const endpoint = `${import.meta.env.VITE_SUPABASE_URL || window.location.origin}/functions/v1/collect`
  // The page shown: a page of the site (its data names its address), not a not-found page.
  const currentPage = () => {
    const shown = router.state.matches.at(-1)?.loaderData as { path?: unknown } | undefined
    return typeof shown?.path === 'string' ? siteAddress(shown.path) : undefined
  }
  const counter = startCounting(endpoint, currentPage, (listener) => {
    router.subscribe('onResolved', ({ pathChanged }) => {
      if (pathChanged) listener()
    })
  })
  // Whether counting runs on this page ("off" with GPC or DNT): tests and curious readers wait for it.
  document.documentElement.dataset.measure = counter ? 'on' : 'off'
  if (!counter) return
  // The page the document loaded: the speed measured is that load's (as CrUX counts it).
  const page = currentPage()
  if (page === undefined) return
  void import('./vitals').then(({ reportWebVitals }) =>
    reportWebVitals((vital) => counter.add({ kind: 'vital', page, ...vital })),
  )
}

import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { PageData } from '../blocks/types'

// A client-side navigation swaps the page without a load, so screen readers would say
// nothing and focus would stay on the followed link (or fall to <body> when it disappears).
// After each navigation this announces the new page's title in a polite live region and moves
// focus to its <h1>, as a page load would. The router's scroll restoration has already put
// the scroll at the top (or, on back/forward, where the visitor left it), so focusing does
// not scroll. The first load announces nothing: the browser reads the new document itself.
export function RouteAnnouncer() {
  const router = useRouter()
  const [announcement, setAnnouncement] = useState('')

  useEffect(
    () =>
      router.subscribe('onRendered', ({ fromLocation, pathChanged }) => {
        if (!fromLocation || !pathChanged) return
        const page = router.state.matches.at(-1)?.loaderData as PageData | undefined
        const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main')
        setAnnouncement(page?.meta.title ?? heading?.textContent ?? document.title)
        if (heading) {
          heading.tabIndex = -1
          heading.focus({ preventScroll: true })
        }
      }),
    [router],
  )

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {announcement}
    </div>
  )
}

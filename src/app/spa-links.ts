// Links inside blocks whose code has not loaded (a static block keeps its server HTML), and in
// a header or footer not used yet, are plain <a> elements, and React stops clicks aimed at
// them: this keeps following them a client-side navigation. It listens before React (capture,
// on window) and only there; links React renders handle themselves. Anything a browser should
// do itself is left alone: other origins, new tabs, downloads, modified clicks, jumps within the
// page, the backend.
import { isDehydrated } from '../blocks/hydration'
import { linkOfPlainClick } from './plain-click'
import type { SiteRouter } from './router'

export function keepLinksClientSide(router: SiteRouter) {
  const onClick = (event: MouseEvent) => {
    const link = linkOfPlainClick(event)
    if (!link || !isDehydrated(link)) return
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return
    const url = new URL(link.href)
    if (url.origin !== window.location.origin || url.pathname.startsWith('/functions/')) return
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return
    event.preventDefault()
    void router.navigate({ href: url.pathname + url.search + url.hash })
  }
  window.addEventListener('click', onClick, true)
}

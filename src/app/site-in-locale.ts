// site.yaml for the browser in the language of the page on screen. The default language's is in
// the bundle; another language's is fetched once, by the root route before its first page shows
// (so the layout renders in one go, on the server and in the browser alike).
import { site as defaultSite, locales, otherSites } from 'virtual:site'
import { useRouterState } from '@tanstack/react-router'
import type { BrowserSite } from '../content/browser-site'
import { localeOf } from '../content/locales'

const loaded = new Map<string, BrowserSite>([[locales[0].code, defaultSite]])

/** The language of an address: /es/… is Spanish, the rest the default. */
export const localeOfAddress = (address: string) => localeOf(address, locales)

/** site.yaml in the language of `address`, loading it first if it is another language's. */
export async function loadSiteFor(address: string): Promise<BrowserSite> {
  const { code } = localeOfAddress(address)
  const ready = loaded.get(code)
  if (ready) return ready
  const { site } = await otherSites[code]()
  loaded.set(code, site)
  return site
}

/** site.yaml in the language of `address` if it is loaded, else the default language's. */
export const loadedSiteFor = (address: string): BrowserSite => loaded.get(localeOfAddress(address).code) ?? defaultSite

/**
 * site.yaml in the language of the page on screen: of the address the router has resolved, so
 * the layout changes language with the page, not while the next page is still on its way (the
 * page on screen would render again meanwhile). The root route loaded it before it resolved.
 */
export const useSite = (): BrowserSite =>
  loadedSiteFor(useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname }))

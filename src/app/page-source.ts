// Where the page route's loader gets page data, handed to the router as its context (no
// module state, so several routers, e.g. concurrent prerenders, never share one). The server
// renderer reads the data it already has; the browser reads the copy embedded in the
// prerendered HTML first, then fetches /_data/<address>.json on client-side navigation. A
// redirected address has a data file too, which names where it leads.
import { notFound, redirect } from '@tanstack/react-router'
import type { PageData } from '../blocks/types'
import { dataUrlOf } from '../content/addresses'
import type { RedirectData } from '../content/types'

/** `ahead`: fetched before the visitor asked for it (a failure then only goes unused). */
type Fetch = (address: string, ahead?: boolean) => Promise<PageData | RedirectData | undefined>

export type PageSource = {
  /**
   * The page at an address; throws the router's notFound() when there is none, and its
   * redirect() when the address has moved (as the server answers a full load: 301).
   */
  load(address: string): Promise<PageData>
  /** Fetches a page's data before it is asked for; a failure leaves it to be fetched when it is. */
  preload(address: string): void
  /** What the prerendered HTML already says about its address (`undefined`: not found), so hydration needs no request. */
  prime(address: string, page: PageData | undefined): void
  /** Drops what was loaded at one address, or everywhere (npm run dev: a saved YAML file). */
  forget(address?: string): void
}

const normalise = (address: string) => (address !== '/' && address.endsWith('/') ? address.slice(0, -1) : address)

export function createPageSource(fetchPage: Fetch = fetchPageData): PageSource {
  const cache = new Map<string, Promise<PageData | RedirectData | undefined>>()
  return {
    async load(address) {
      const normalised = normalise(address)
      let pending = cache.get(normalised)
      if (!pending) {
        pending = fetchPage(normalised)
        cache.set(normalised, pending)
        pending.catch(() => cache.delete(normalised))
      }
      const page = await pending
      if (!page) {
        cache.delete(normalised)
        throw notFound()
      }
      if ('redirect' in page) throw redirect({ to: page.redirect, replace: true, statusCode: 301 })
      return page
    },
    preload(address) {
      const normalised = normalise(address)
      if (cache.has(normalised)) return
      const pending = fetchPage(normalised, true)
      cache.set(normalised, pending)
      pending.catch(() => cache.delete(normalised))
    },
    prime(address, page) {
      cache.set(normalise(address), Promise.resolve(page))
    },
    forget(address) {
      if (address === undefined) cache.clear()
      else cache.delete(normalise(address))
    },
  }
}

async function fetchPageData(address: string, ahead = false): Promise<PageData | RedirectData | undefined> {
  let response: Response
  try {
    response = await fetch(dataUrlOf(address))
  } catch (error) {
    // No connection: load the address as a whole page instead, so the service worker can
    // answer with its cached copy or the offline page (with the emergency number).
    if (!ahead && typeof window !== 'undefined' && !navigator.onLine) {
      window.location.assign(address)
      return new Promise<never>(() => {})
    }
    throw error
  }
  if (response.status === 404) return undefined
  if (!response.ok) throw new Error(`Loading ${address} failed: HTTP ${response.status}`)
  return (await response.json()) as PageData | RedirectData
}

// Where the page route's loader gets page data. The server renderer hands it the data it
// already has; the browser reads the copy embedded in the prerendered HTML first, then
// fetches /_data/<address>.json on client-side navigation.
import { notFound } from '@tanstack/react-router'
import { dataUrlOf } from '../content/addresses'
import type { PageData } from '../content/types'

type PageSource = (address: string) => Promise<PageData | undefined>

const cache = new Map<string, Promise<PageData | undefined>>()

let source: PageSource = async (address) => {
  let response: Response
  try {
    response = await fetch(dataUrlOf(address))
  } catch (error) {
    // No connection: load the address as a whole page instead, so the service worker can
    // answer with its cached copy or the offline page (with the emergency number).
    if (typeof window !== 'undefined' && !navigator.onLine) {
      window.location.assign(address)
      return new Promise<never>(() => {})
    }
    throw error
  }
  if (response.status === 404) return undefined
  if (!response.ok) throw new Error(`Loading ${address} failed: HTTP ${response.status}`)
  return (await response.json()) as PageData
}

export function setPageSource(next: PageSource) {
  source = next
  cache.clear()
}

/**
 * Seeds the cache with what the prerendered HTML already says about its address (its data,
 * or `undefined` on the not-found page), so hydration needs no request.
 */
export function primePage(address: string, page: PageData | undefined) {
  cache.set(normalise(address), Promise.resolve(page))
}

const normalise = (address: string) => (address !== '/' && address.endsWith('/') ? address.slice(0, -1) : address)

export function forgetPages() {
  cache.clear()
}

export async function loadPage(address: string): Promise<PageData> {
  const normalised = normalise(address)
  let pending = cache.get(normalised)
  if (!pending) {
    pending = source(normalised)
    cache.set(normalised, pending)
    pending.catch(() => cache.delete(normalised))
  }
  const page = await pending
  if (!page) {
    cache.delete(normalised)
    throw notFound()
  }
  return page
}

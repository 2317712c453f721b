/// <reference lib="webworker" />
// The service worker: hashed assets precached, pages network-first with the cached copy as
// a fallback, the offline page (with the emergency number) for pages never visited, and
// nothing from the backend (/functions/) ever cached. A new deploy takes over at once.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope
declare const __PRECACHE_MANIFEST__: { url: string; revision: string | null }[]
declare const __OFFLINE_PAGE__: string

self.skipWaiting()
clientsClaim()
cleanupOutdatedCaches()
precacheAndRoute(__PRECACHE_MANIFEST__)

const pages = new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 4 })
registerRoute(new NavigationRoute(pages, { denylist: [/^\/functions\//] }))
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/_data/') && request.method === 'GET',
  new NetworkFirst({ cacheName: 'page-data', networkTimeoutSeconds: 4 }),
)

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache(__OFFLINE_PAGE__)) ?? Response.error()
  return Response.error()
})

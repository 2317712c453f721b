// How this visit came to the site, held in memory only (never on the device): the first page of
// the visit, the referring site's host and the campaign's UTM values, read from the document's
// own navigation (its address, query string included, and its referrer), so a visitor who moved
// on before the counting code loaded is still attributed to where they came in. Nothing at all
// with Global Privacy Control or Do Not Track. Read by the counting code and by the forms (a
// lead records where its visit came from); the collect function derives the channel from it.
import type { VisitAttribution } from '../../common/measure/batch'
import {
  HOST_PATTERN,
  MAX_HOST_LENGTH,
  MAX_PAGE_LENGTH,
  MAX_UTM_LENGTH,
  PAGE_PATTERN,
} from '../../common/measure/limits'

export type { VisitAttribution }

const PAGE = new RegExp(PAGE_PATTERN)
const HOST = new RegExp(HOST_PATTERN)

/** Global Privacy Control or Do Not Track: the visitor asked not to be tracked. */
export function trackingRefused(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1'
}

/** A site address as the site writes it (no trailing slash), or undefined. */
export function siteAddress(path: string): string | undefined {
  const address = path.length > 1 ? path.replace(/\/+$/, '') : path
  return PAGE.test(address) && address.length <= MAX_PAGE_LENGTH ? address : undefined
}

let visit: { attribution: VisitAttribution; entry: boolean } | undefined

function readVisit() {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined
  const first = new URL(navigation?.name || location.href)
  let referrerHost: string | undefined
  try {
    referrerHost = new URL(document.referrer).hostname.toLowerCase() || undefined
  } catch {}
  const fromSite = referrerHost === location.hostname
  const utm = (name: string) => {
    const value = first.searchParams
      .get(`utm_${name}`)
      ?.replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, MAX_UTM_LENGTH)
    return value || undefined
  }
  // A page reached from the site itself (a link followed before the app ran, a reload, back or
  // forward into the site) did not start the visit: its first page is not known.
  const entry = !fromSite && (navigation?.type ?? 'navigate') === 'navigate'
  const attribution: VisitAttribution = fromSite
    ? {}
    : {
        landingPage: siteAddress(first.pathname),
        referrerHost:
          referrerHost && referrerHost.length <= MAX_HOST_LENGTH && HOST.test(referrerHost) ? referrerHost : undefined,
        utmSource: utm('source'),
        utmMedium: utm('medium'),
        utmCampaign: utm('campaign'),
      }
  for (const key of Object.keys(attribution) as (keyof VisitAttribution)[]) {
    if (attribution[key] === undefined) delete attribution[key]
  }
  return { attribution, entry }
}

/** The visit's attribution, or undefined when the visitor refuses tracking. */
export function visitAttribution(): VisitAttribution | undefined {
  if (trackingRefused()) return undefined
  visit ??= readVisit()
  return visit.attribution
}

/** Whether the document's first page started the visit (it came from another site or none). */
export function documentStartedVisit(): boolean {
  visit ??= readVisit()
  return visit.entry
}

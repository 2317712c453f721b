/**
 * The channel a visit came through, derived on the server from what the visit's first page saw:
 * the referring site's host and the campaign's UTM values. The rules, first match wins:
 *
 * 1. `utm_medium` says paid (cpc, ppc, paid, paidsearch, paid-search, sem): social if the source or
 *    the referrer is a social network, else paid search.
 * 2. `utm_medium` is email (e-mail, newsletter), or the referrer is a webmail site: e-mail.
 * 3. `utm_medium` is social (social-media, sm), or the source or the referrer is a social network: social.
 * 4. `utm_medium` is organic, or the referrer is a search engine: organic search.
 * 5. Any other referrer (or `utm_medium` referral): referral.
 * 6. Nothing: direct.
 */

export const CHANNELS = ['direct', 'organic-search', 'paid-search', 'social', 'email', 'referral'] as const
export type Channel = (typeof CHANNELS)[number]

/** How the team and the results name each channel. */
export const CHANNEL_TITLES: Record<Channel, string> = {
  direct: 'Direct',
  'organic-search': 'Organic search',
  'paid-search': 'Paid search',
  social: 'Social',
  email: 'E-mail',
  referral: 'Referral',
}

export interface VisitSource {
  referrerHost?: string
  utmSource?: string
  utmMedium?: string
}

const PAID = /^(cpc|ppc|paid|paidsearch|paid-search|paid_search|sem)$/
const EMAIL = /^(e-?mail|newsletter)$/
const SOCIAL = /^(social|social-media|social_media|sm)$/
const SEARCH_ENGINE =
  /(^|\.)(google|bing|duckduckgo|yahoo|ecosia|baidu|yandex|qwant|startpage|ask|aol)\.[a-z.]+$|^search\.brave\.com$/
const SOCIAL_SITE =
  /(^|\.)(facebook\.com|fb\.com|instagram\.com|linkedin\.com|lnkd\.in|t\.co|twitter\.com|x\.com|tiktok\.com|youtube\.com|pinterest\.com|reddit\.com|nextdoor\.com|threads\.net)$/
const SOCIAL_SOURCE = /^(facebook|fb|instagram|ig|linkedin|twitter|x|tiktok|youtube|pinterest|reddit|nextdoor|threads)$/
const WEBMAIL = /^(mail\.google\.com|outlook\.live\.com|outlook\.office\.com|mail\.yahoo\.com|mail\.aol\.com)$/

export function channelOf({ referrerHost, utmSource, utmMedium }: VisitSource): Channel {
  const medium = utmMedium?.toLowerCase()
  const source = utmSource?.toLowerCase()
  const host = referrerHost?.toLowerCase()
  const socialSource =
    (source !== undefined && SOCIAL_SOURCE.test(source)) || (host !== undefined && SOCIAL_SITE.test(host))
  if (medium !== undefined && PAID.test(medium)) return socialSource ? 'social' : 'paid-search'
  if ((medium !== undefined && EMAIL.test(medium)) || (host !== undefined && WEBMAIL.test(host))) return 'email'
  if ((medium !== undefined && SOCIAL.test(medium)) || socialSource) return 'social'
  if (medium === 'organic' || (host !== undefined && SEARCH_ENGINE.test(host))) return 'organic-search'
  if (host !== undefined || medium === 'referral') return 'referral'
  return 'direct'
}

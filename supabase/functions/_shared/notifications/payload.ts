/**
 * What a notification carries. Each kind has an explicit allow-list of form
 * fields: a field added to a form later stays out of notifications until it is
 * listed here. Applications deliberately leave out every background answer
 * (criminal, drug, discipline, termination) and the résumé; staff read those
 * where they are stored.
 */
import type { SubmissionKind } from '../schemas.ts'

/** Where the visit came from (with JavaScript and without GPC), and the channel derived from it. */
const ATTRIBUTION = ['landingPage', 'channel', 'referrerHost', 'utmSource', 'utmMedium', 'utmCampaign'] as const

export const NOTIFIED_FIELDS = {
  contact: ['name', 'email', 'phone', 'service', 'message', 'locale', ...ATTRIBUTION],
  application: [
    'firstName',
    'lastName',
    'email',
    'phone',
    'city',
    'positionType',
    'shiftAvailability',
    'floridaLicenses',
    'securityExperience',
    'locale',
    ...ATTRIBUTION,
  ],
} as const satisfies Record<SubmissionKind, readonly string[]>

export interface NotificationPayload {
  kind: SubmissionKind
  /** Allow-listed answers, under their form field names. */
  fields: Record<string, unknown>
  /**
   * Page the form was sent from (leads), origin and path: the path travels in the submission
   * itself (`page`), the origin is the request's (checked against ALLOWED_ORIGINS). The Referer
   * header is only a fallback for an older page without the field: a browser posting to another
   * origin (the hosted functions) cuts it to the origin under the default referrer policy.
   */
  page?: string
  /** Added by the database in the statement that stores the record. */
  recordId: string
  submittedAt: string
}

/** The part of the payload known before the record is stored (the store adds recordId and submittedAt). */
export type PendingPayload = Omit<NotificationPayload, 'recordId' | 'submittedAt'>

export function pendingPayload(
  kind: SubmissionKind,
  fields: Readonly<Record<string, unknown>>,
  headers: { origin: string | null; referer: string | null },
): PendingPayload {
  const picked: Record<string, unknown> = {}
  for (const name of NOTIFIED_FIELDS[kind]) {
    if (fields[name] !== undefined) picked[name] = fields[name]
  }
  const sent = typeof fields.page === 'string' && headers.origin ? pagePath(headers.origin + fields.page) : undefined
  const page = kind === 'contact' ? (sent ?? pagePath(headers.referer)) : undefined
  return page === undefined ? { kind, fields: picked } : { kind, fields: picked, page }
}

/** Origin and path only: a query string or fragment could hold anything, including personal data. */
function pagePath(referer: string | null): string | undefined {
  if (!referer) return undefined
  try {
    const url = new URL(referer)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin + url.pathname : undefined
  } catch {
    return undefined
  }
}

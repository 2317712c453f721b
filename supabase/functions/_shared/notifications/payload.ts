/**
 * What a notification carries: the answers the form's definition allow-lists
 * (`notification.fields`, forms/<kind>/form.ts), the language and where the visit
 * came from, so a field added to a form later stays out of notifications until it
 * is named there.
 */
import type { FormDefinition } from '../../../../common/forms/define.ts'

/** Where the visit came from (with JavaScript and without GPC), and the channel derived from it. */
const ATTRIBUTION = ['landingPage', 'channel', 'referrerHost', 'utmSource', 'utmMedium', 'utmCampaign'] as const

/** The fields a form's notification carries, in the order the e-mail lists them. */
export function notifiedFields(form: FormDefinition): readonly string[] {
  return [...form.notification.fields, 'locale', ...ATTRIBUTION]
}

export interface NotificationPayload {
  /** The form's kind (its name in forms/registry.ts): which form the record came from. */
  kind: string
  /** Allow-listed answers, under their form field names. */
  fields: Record<string, unknown>
  /**
   * Page the form was sent from (forms whose records keep their page), origin and path: the path
   * travels in the submission itself (`page`), the origin is the request's (checked against
   * ALLOWED_ORIGINS). The Referer header is only a fallback for an older page without the field:
   * a browser posting to another origin (the hosted functions) cuts it to the origin under the
   * default referrer policy.
   */
  page?: string
  /** Added by the database in the statement that stores the record. */
  recordId: string
  submittedAt: string
}

/** The part of the payload known before the record is stored (the store adds recordId and submittedAt). */
export type PendingPayload = Omit<NotificationPayload, 'recordId' | 'submittedAt'>

export function pendingPayload(
  kind: string,
  form: FormDefinition,
  fields: Readonly<Record<string, unknown>>,
  headers: { origin: string | null; referer: string | null },
): PendingPayload {
  const picked: Record<string, unknown> = {}
  for (const name of notifiedFields(form)) {
    if (fields[name] !== undefined) picked[name] = fields[name]
  }
  const keepsPage = Object.hasOwn(form.schema.properties as object, 'page')
  const sent = typeof fields.page === 'string' && headers.origin ? pagePath(headers.origin + fields.page) : undefined
  const page = keepsPage ? (sent ?? pagePath(headers.referer)) : undefined
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

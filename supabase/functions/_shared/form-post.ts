/**
 * The no-JavaScript path: a plain `<form method="post">` (urlencoded, or multipart with the
 * résumé) posted to `…/functions/v1/<name>?reply=page`. The post is translated into the JSON
 * (or payload + file) submission the handler takes, so it is validated and stored exactly like
 * one sent by the form's JavaScript, and the handler's answer becomes a `303 See Other`:
 * to `<form page>/thank-you` (or the thank-you page the form names under its page) when stored, or back to the form page with a fragment naming what
 * went wrong (`#not-sent-invalid`, `#not-sent-busy`, `#not-sent-failed`), which the page shows.
 * No answer the visitor typed ever goes into a URL.
 */
import { answersFromEntries, type Entry } from '../../../common/forms/answers.ts'
import { type FormDefinition, type JsonSchemaLike, PLAIN_POST, thankYouPath } from '../../../common/forms/define.ts'
import { mediaType } from './body.ts'
import { readConfig } from './config.ts'
import { isOriginAllowed } from './cors.ts'
import { createSubmitHandler, type SubmitHandler, type SubmitHandlerOptions } from './handler.ts'

const PAGE_FIELD = PLAIN_POST.pageField
const THANKS_FIELD = PLAIN_POST.thanksField
export type NotSentReason = 'invalid' | 'busy' | 'failed'

const FIELDS_CAP = 64 * 1024
const OVERHEAD = 16 * 1024

export interface FormPostOptions {
  form: FormDefinition
  /** SITE_URL: where visitors are sent back to when a post carries no usable Origin header. */
  env?: Readonly<Record<string, string | undefined>>
}

/** A function's whole endpoint: the JSON handler, plus plain form posts. */
export function createFormEndpoint(options: SubmitHandlerOptions): SubmitHandler {
  return acceptingFormPosts(createSubmitHandler(options), options)
}

export function acceptingFormPosts(handler: SubmitHandler, { form, env = {} }: FormPostOptions): SubmitHandler {
  const { allowedOrigins } = readConfig(env)
  return async (req, clientIp) => {
    const url = new URL(req.url)
    if (req.method !== 'POST' || url.search.slice(1) !== PLAIN_POST.query) return handler(req, clientIp)
    // Checked before anything else, so a redirect only ever leads back to an allowed site.
    if (!isOriginAllowed(req.headers.get('origin'), allowedOrigins, req.url)) {
      return page(403, 'This website may not send forms here.')
    }

    const type = mediaType(req)
    if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
      return page(415, 'This form must be sent from its page on the website.')
    }
    const cap = FIELDS_CAP + (form.file ? form.file.maxBytes + OVERHEAD : 0)
    const site = siteOrigin(req, env.SITE_URL)
    const posted = await readForm(req, cap)
    const formPage = pagePath(posted?.get(PAGE_FIELD))
    const back = (reason: NotSentReason) => redirect(`${site}${formPage}#not-sent-${reason}`)
    if (posted === null) return back('invalid')

    const { fields, file } = translate(form.schema, posted, form.file?.field)
    // The page travels with the answers where the form's records keep it.
    if (Object.hasOwn(form.schema.properties as object, 'page')) fields.page = formPage
    fields.idempotencyKey = await keyOf(fields, file)
    const headers = new Headers(req.headers)
    headers.delete('content-type')
    headers.delete('content-length')
    let body: BodyInit = JSON.stringify(fields)
    if (file) {
      const multipart = new FormData()
      multipart.set('payload', body)
      multipart.set(form.file?.field ?? 'file', file, file.name)
      body = multipart
    } else headers.set('content-type', 'application/json')
    url.search = ''
    const answer = await handler(new Request(url, { method: 'POST', headers, body }), clientIp)

    if (answer.ok) return redirect(`${site}${thanksPage(formPage, posted.get(THANKS_FIELD))}`)
    if (answer.status === 403) return page(403, 'This website may not send forms here.')
    if (answer.status === 429) return back('busy')
    if (answer.status >= 400 && answer.status < 500) return back('invalid')
    return back('failed')
  }
}

/** The posted answers typed by the schema, and the file, if one was chosen. */
function translate(
  schema: JsonSchemaLike,
  posted: FormData,
  fileField?: string,
): { fields: Record<string, unknown>; file?: File } {
  const entries: Entry[] = []
  let file: File | undefined
  for (const [name, value] of posted) {
    if (name === PAGE_FIELD || name === THANKS_FIELD) continue
    if (typeof value === 'string') entries.push([name, value])
    // A file input left empty is still sent, as a nameless empty file.
    else if (name === fileField && (value.size > 0 || value.name !== '')) file = value
  }
  return { fields: answersFromEntries(schema, entries), file }
}

/**
 * The same answers (and file) give the same key, so pressing Submit twice, or Back and Submit,
 * stores one record: a UUID (version 8, RFC 9562) from the SHA-256 of the sorted answers.
 */
export async function keyOf(fields: Record<string, unknown>, file?: File): Promise<string> {
  const sorted = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]])
  const fileHash = file ? hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer())) : ''
  const text = JSON.stringify([sorted, file?.name ?? '', fileHash])
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).slice(0, 16)
  bytes[6] = (bytes[6] & 0x0f) | 0x80
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const h = hex(bytes.buffer)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('')

/** The posted body as FormData, or null when it is over `cap` bytes or cannot be read. */
async function readForm(req: Request, cap: number): Promise<FormData | null> {
  const declared = Number(req.headers.get('content-length') ?? 'NaN')
  if (Number.isFinite(declared) && declared > cap) return null
  if (req.body === null) return new FormData()
  let total = 0
  const capped = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength
        if (total > cap) controller.error(new Error('too large'))
        else controller.enqueue(chunk)
      },
    }),
  )
  try {
    return await new Response(capped, { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData()
  } catch {
    return null
  }
}

/** A site path such as "/contact-us"; anything else (another host, a scheme, dots) becomes "/". */
function pagePath(value: FormDataEntryValue | null | undefined): string {
  return typeof value === 'string' && /^\/[a-z0-9/-]*$/.test(value) && !value.includes('//') ? value : '/'
}

/**
 * The thank-you page the form names (a translated page's own, e.g. /es/contacto/gracias) when it
 * is a page under the form's page, else `<form page>/thank-you`: a post cannot send the visitor
 * anywhere else.
 */
function thanksPage(formPage: string, named: FormDataEntryValue | null): string {
  const path = pagePath(named)
  const under = formPage === '/' ? '/' : `${formPage}/`
  return path !== '/' && path.startsWith(under) && path.length > under.length ? path : thankYouPath(formPage)
}

/**
 * Where the visitor came from: the (allowed) Origin header, else SITE_URL, else this server itself.
 */
function siteOrigin(req: Request, siteUrl: string | undefined): string {
  const origin = req.headers.get('origin')
  if (origin && origin !== 'null') return origin
  if (siteUrl) return new URL(siteUrl).origin
  return new URL(req.url).origin
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}

function page(status: number, message: string): Response {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Not sent</title><p>${message}</p></html>`
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  })
}

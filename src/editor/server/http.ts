// The editor server's HTTP basics: a refusal with its status, answers in JSON, a JSON body read
// within its limit, and the check that a request comes from the editor's own page.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'

/** A request refused: its status, the message the editor shows, and what else its answer says. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** A request as the editor reads it: its method, its headers and its body's bytes. */
export type EditorRequest = AsyncIterable<Uint8Array> & { method?: string; headers: IncomingHttpHeaders }
/** What a request is answered, as JSON. */
export type Answer = { status: number; body: unknown }

export const MAX_JSON_BYTES = 1024 * 1024

/** A refusal as its answer; any other error, which is the editor's own fault, is printed and answered 500. */
export function answerOfError(error: unknown): Answer {
  if (error instanceof HttpError) return { status: error.status, body: { error: error.message, ...error.body } }
  console.error(error)
  return { status: 500, body: { error: (error as Error).message } }
}

export function sendJson(res: ServerResponse, { status, body }: Answer) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

/** The body as JSON: refused unless it says it is JSON, and as soon as it is over the limit. */
export async function readJsonBody(req: EditorRequest, max = MAX_JSON_BYTES): Promise<unknown> {
  if (!String(req.headers['content-type']).startsWith('application/json')) throw new HttpError(415, 'Send JSON.')
  if (Number(req.headers['content-length'] ?? 0) > max) throw new HttpError(413, 'The request is over 1 MB.')
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > max) throw new HttpError(413, 'The request is over 1 MB.')
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new HttpError(400, 'The request is not valid JSON.')
  }
}

/**
 * Only the editor page itself may call: the Host is this machine (no DNS rebinding), and the
 * browser says the request is same-origin (Origin, or Fetch Metadata for requests without one).
 */
export function checkSameOrigin(headers: IncomingHttpHeaders) {
  const host = headers.host ?? ''
  if (!/^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host)) throw new HttpError(403, 'The editor answers on 127.0.0.1 only.')
  const origin = headers.origin
  if (origin !== undefined && origin !== `http://${host}`)
    throw new HttpError(403, 'Requests from other sites are refused.')
  const site = headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    throw new HttpError(403, 'Requests from other sites are refused.')
}

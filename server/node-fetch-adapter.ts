/**
 * Bridges node:http to Fetch API handlers (Request in, Response out), so code
 * written for Deno.serve / edge runtimes runs unchanged under a Node server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

export function toFetchRequest(req: IncomingMessage): Request {
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true
  const url = new URL(req.url ?? '/', `${encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(url, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    // Required by undici for streamed request bodies.
    duplex: 'half',
  } as RequestInit & { duplex: 'half' })
}

/** The peer address as node:http saw it: the handler's fallback when no x-forwarded-for is set. */
export function remoteAddressOf(req: IncomingMessage): string | undefined {
  return req.socket.remoteAddress ?? undefined
}

export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  if (response.statusText) res.statusMessage = response.statusText
  const cookies = response.headers.getSetCookie()
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  if (cookies.length > 0) res.setHeader('set-cookie', cookies)

  if (response.body === null) {
    await new Promise<void>((resolve) => res.end(resolve))
    return
  }
  const body = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>)
  await new Promise<void>((resolve, reject) => {
    body.on('error', reject)
    res.on('error', reject)
    res.on('finish', resolve)
    res.on('close', resolve)
    body.pipe(res)
  })
}

// A request to the page editor's API as its dispatcher reads it (src/editor/server/routes.ts), made
// without a server: a method, headers and a body, with the token of the run unless told otherwise.
import { Readable } from 'node:stream'
import type { EditorRequest } from '../../../src/editor/server/http'
import { API_PATH, TOKEN_HEADER } from '../../../src/editor/server/protocol'

export const TOKEN = 'the-token-of-this-run'

/** The address of `route` with its query, as the development server hands it on. */
export const apiUrl = (route: string) => new URL(`http://127.0.0.1:5173${API_PATH}${route}`)

export function apiRequest(
  method: string,
  body?: unknown,
  headers: Record<string, string | undefined> = {},
): EditorRequest {
  const bytes =
    body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body), 'utf8')
  const request = Readable.from(bytes.length ? [bytes] : []) as Readable & EditorRequest
  request.method = method
  request.headers = Object.fromEntries(
    Object.entries({
      host: '127.0.0.1:5173',
      ...(method === 'POST' ? { 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN } : {}),
      ...headers,
    }).filter(([, value]) => value !== undefined),
  )
  return request
}

/** JSON answers. Error bodies carry fixed, human text only: never a stack, SQL or driver message. */
import type { FieldError } from './validate.ts'

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })
}

export function errorResponse(
  status: number,
  error: string,
  headers: Record<string, string>,
  fields?: readonly FieldError[],
): Response {
  return json(status, fields && fields.length > 0 ? { error, fields } : { error }, headers)
}

// The editor's API as a table of routes: each its method, its path under API_PATH, what its body
// is (none, JSON of a schema, or raw bytes it reads itself) and its handler, which is given the
// body typed by that schema. One dispatcher answers every request of the API, and checks each
// thing once for all routes: the route (404) and its method (405), the token of this run on every
// write (403), a JSON body's type (415), size (413), syntax and schema (400).
import Ajv from 'ajv'
import type { FromSchema, JSONSchema } from 'json-schema-to-ts'
import { type Answer, answerOfError, type EditorRequest, HttpError, readJsonBody } from './http'
import { API_PATH, TOKEN_HEADER } from './protocol'

/** What a handler answers, sent as JSON with status 200 (a refusal is thrown as an HttpError). */
type Answered = Record<string, unknown> | Promise<Record<string, unknown>>

export type Route = {
  method: 'GET' | 'POST'
  /** Under API_PATH: `save` answers /_editor/api/save. */
  path: string
  /** 'none' for a GET; a JSON Schema the body must pass; 'raw' when the handler reads the bytes itself. */
  body: 'none' | 'raw' | JSONSchema
  /** The answer, from the query and the body as read (JSON, not yet checked: the route checks its own). */
  handle: (request: { query: URLSearchParams; json: unknown; raw: EditorRequest }) => Promise<Record<string, unknown>>
}

/** The body a JSON Schema describes, as json-schema-to-ts derives it. */
type BodyOf<S> = S extends JSONSchema ? FromSchema<S> : never

// A body is checked as it came (no defaults filled in, no types coerced); its first error is said.
const bodies = new Ajv()

export function get(path: string, handle: (query: URLSearchParams) => Answered): Route {
  return { method: 'GET', path, body: 'none', handle: async ({ query }) => handle(query) }
}

/** A write with a JSON body of `schema`, which its handler is given typed. */
export function post<S extends JSONSchema>(
  path: string,
  schema: S,
  handle: (body: BodyOf<S>, query: URLSearchParams) => Answered,
): Route {
  const validate = bodies.compile(schema)
  const valid = (json: unknown): json is BodyOf<S> => validate(json)
  return {
    method: 'POST',
    path,
    body: schema,
    handle: async ({ json, query }) => {
      if (!valid(json))
        throw new HttpError(400, `The request's ${bodies.errorsText(validate.errors, { dataVar: 'body' })}.`)
      return handle(json, query)
    },
  }
}

/** A write whose body its handler reads itself (a photo: its own type, limit and messages). */
export function postRaw(path: string, handle: (body: EditorRequest, query: URLSearchParams) => Answered): Route {
  return { method: 'POST', path, body: 'raw', handle: async ({ raw, query }) => handle(raw, query) }
}

/** The dispatcher of `routes`: a request's answer, a refusal included. */
export function dispatcher(routes: readonly Route[], token: string) {
  const byPath = new Map<string, Route[]>()
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route])
  return async (request: EditorRequest, url: URL): Promise<Answer> => {
    try {
      const route = routeOf(byPath, request.method, url.pathname.slice(API_PATH.length))
      if (route.method !== 'GET' && request.headers[TOKEN_HEADER] !== token)
        throw new HttpError(403, 'This request does not come from the editor page of this run of npm run edit.')
      const json = route.body === 'none' || route.body === 'raw' ? undefined : await readJsonBody(request)
      return { status: 200, body: await route.handle({ query: url.searchParams, json, raw: request }) }
    } catch (error) {
      return answerOfError(error)
    }
  }
}

function routeOf(byPath: Map<string, Route[]>, method: string | undefined, path: string): Route {
  const routes = byPath.get(path)
  if (!routes) throw new HttpError(404, 'No such request.')
  const route = routes.find((r) => r.method === method)
  if (!route) throw new HttpError(405, 'Not allowed.')
  return route
}

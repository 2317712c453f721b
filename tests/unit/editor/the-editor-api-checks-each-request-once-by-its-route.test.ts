// The page editor's API is a table of routes (src/editor/server/routes.ts) with one dispatcher:
// an unknown route is 404 and a known one asked with another method 405; a write without this
// run's token is refused before its body is read; a JSON body that is not JSON, is too large or
// is not of its route's schema never reaches the handler; a refusal keeps its status and its
// words. The check that a request comes from the editor's own page (http.ts) comes before all.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkSameOrigin, HttpError } from '../../../src/editor/server/http'
import { dispatcher, get, post, postRaw } from '../../../src/editor/server/routes'
import { apiRequest, apiUrl, TOKEN } from './api-request'

const SAVE = {
  type: 'object',
  required: ['file', 'version'],
  properties: { file: { type: 'string' }, version: { type: 'string' } },
} as const

/** The requests each handler was given, to show which ones reached it. */
let handled: string[] = []
const api = dispatcher(
  [
    get('pages', (query) => {
      handled.push(`pages ${query.get('file')}`)
      return { pages: [] }
    }),
    post('save', SAVE, (body) => {
      handled.push(`save ${body.file} ${body.version}`)
      if (body.version === 'old') throw new HttpError(409, 'changed on disk', { conflict: true })
      if (body.version === 'bug') throw new Error('a fault of the editor')
      return { saved: body.file }
    }),
    postRaw('photo', async (body) => {
      let bytes = 0
      for await (const chunk of body) bytes += chunk.length
      handled.push(`photo ${bytes}`)
      return { bytes }
    }),
  ],
  TOKEN,
)
const ask = (method: string, route: string, body?: unknown, headers?: Record<string, string | undefined>) =>
  api(apiRequest(method, body, headers), apiUrl(route))

afterEach(() => {
  handled = []
  vi.restoreAllMocks()
})

describe("the editor API's dispatcher", () => {
  it('answers a route with what its handler returns, the query and the typed body given', async () => {
    expect(await ask('GET', 'pages?file=pages/index.yaml')).toEqual({ status: 200, body: { pages: [] } })
    expect(await ask('POST', 'save', { file: 'pages/index.yaml', version: 'v1' })).toEqual({
      status: 200,
      body: { saved: 'pages/index.yaml' },
    })
    expect(handled).toEqual(['pages pages/index.yaml', 'save pages/index.yaml v1'])
  })

  it('answers 404 to a route not in the table and 405 to a route asked with another method', async () => {
    expect(await ask('GET', 'nothing-here')).toEqual({ status: 404, body: { error: 'No such request.' } })
    expect(await ask('POST', 'nothing-here', {})).toMatchObject({ status: 404 })
    expect(await ask('GET', 'save')).toEqual({ status: 405, body: { error: 'Not allowed.' } })
    expect(await ask('POST', 'pages', {})).toMatchObject({ status: 405 })
    expect(await ask('DELETE', 'pages')).toMatchObject({ status: 405 })
    expect(handled).toEqual([])
  })

  it("refuses a write without this run's token, or with another, before reading its body", async () => {
    const refused = {
      status: 403,
      body: { error: 'This request does not come from the editor page of this run of npm run edit.' },
    }
    const save = { file: 'pages/index.yaml', version: 'v1' }
    expect(await ask('POST', 'save', save, { 'x-editor-token': undefined })).toEqual(refused)
    expect(await ask('POST', 'save', save, { 'x-editor-token': 'guessed' })).toEqual(refused)
    expect(await ask('POST', 'photo', Buffer.from('bytes'), { 'x-editor-token': 'guessed' })).toEqual(refused)
    expect(handled).toEqual([])
  })

  it('hands a raw body to its handler unread, whatever its type', async () => {
    const photo = Buffer.alloc(3 * 1024 * 1024)
    expect(await ask('POST', 'photo', photo, { 'content-type': 'application/octet-stream' })).toEqual({
      status: 200,
      body: { bytes: photo.length },
    })
    expect(handled).toEqual([`photo ${photo.length}`])
  })

  it('refuses a JSON body that is not said to be JSON, is over 1 MB, is not JSON or not of its schema', async () => {
    const save = { file: 'pages/index.yaml', version: 'v1' }
    expect(await ask('POST', 'save', save, { 'content-type': 'text/plain' })).toEqual({
      status: 415,
      body: { error: 'Send JSON.' },
    })
    const large = { ...save, pad: 'x'.repeat(1024 * 1024) }
    const tooLarge = { status: 413, body: { error: 'The request is over 1 MB.' } }
    expect(await ask('POST', 'save', large, { 'content-length': String(JSON.stringify(large).length) })).toEqual(
      tooLarge,
    )
    // Refused as it comes when its length was not said.
    expect(await ask('POST', 'save', large)).toEqual(tooLarge)
    expect(await ask('POST', 'save', Buffer.from('{"file":'))).toEqual({
      status: 400,
      body: { error: 'The request is not valid JSON.' },
    })
    expect(await ask('POST', 'save', { file: 'pages/index.yaml' })).toEqual({
      status: 400,
      body: { error: "The request's body must have required property 'version'." },
    })
    expect(await ask('POST', 'save', { file: 7, version: 'v1' })).toEqual({
      status: 400,
      body: { error: "The request's body/file must be string." },
    })
    expect(handled).toEqual([])
  })

  it("answers a handler's refusal with its status and words, and any other failure 500", async () => {
    expect(await ask('POST', 'save', { file: 'pages/index.yaml', version: 'old' })).toEqual({
      status: 409,
      body: { error: 'changed on disk', conflict: true },
    })
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(await ask('POST', 'save', { file: 'pages/index.yaml', version: 'bug' })).toEqual({
      status: 500,
      body: { error: 'a fault of the editor' },
    })
    expect(printed).toHaveBeenCalledOnce()
  })
})

describe('only the editor page itself may call', () => {
  const refusal = (headers: Record<string, string>) => {
    try {
      checkSameOrigin(headers)
      return undefined
    } catch (error) {
      return { status: (error as HttpError).status, message: (error as HttpError).message }
    }
  }

  it('takes a request to this machine from the same origin, or one without Origin or Fetch Metadata', () => {
    expect(refusal({ host: '127.0.0.1:5173' })).toBeUndefined()
    expect(refusal({ host: 'localhost:5173', origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' })).toBe(
      undefined,
    )
    expect(refusal({ host: '127.0.0.1:5173', 'sec-fetch-site': 'none' })).toBeUndefined()
  })

  it('refuses another host name (DNS rebinding), another origin, and a cross-site fetch', () => {
    expect(refusal({ host: 'evil.example:5173' })).toEqual({
      status: 403,
      message: 'The editor answers on 127.0.0.1 only.',
    })
    const otherSite = { status: 403, message: 'Requests from other sites are refused.' }
    expect(refusal({ host: '127.0.0.1:5173', origin: 'http://evil.example' })).toEqual(otherSite)
    expect(refusal({ host: '127.0.0.1:5173', origin: 'http://127.0.0.1:9999' })).toEqual(otherSite)
    expect(refusal({ host: '127.0.0.1:5173', 'sec-fetch-site': 'cross-site' })).toEqual(otherSite)
    expect(refusal({ host: '127.0.0.1:5173', 'sec-fetch-site': 'same-site' })).toEqual(otherSite)
  })
})

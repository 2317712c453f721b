// The editor page's calls to its server (src/editor/server/, its routes in editor-server.ts). Every
// write carries the token this run of `npm run edit` wrote into the page.
import type { StructuredPatchHunk } from 'diff'
import type { PageData } from '../../blocks/types'
import type { Problem } from '../../content/problems'
import { API_PATH, type StoredPhoto, TOKEN_HEADER, TOKEN_META } from '../server/protocol'

export type PageEntry = {
  address: string
  file: string
  errors: number
  warnings: number
  /** The default-language page this one translates, if any. */
  translationOf?: string
  /** A translation whose source changed since it was marked up to date (or was never marked). */
  stale: boolean
}
export type Json = Record<string, unknown>
/** What a slot of a block may hold (src/blocks/define.ts SlotSpec). */
export type SlotEntry = { types: readonly string[]; max?: number; description: string }
export type BlockEntry = {
  type: string
  schema: Json & { title?: string; description?: string; examples?: Json[] }
  /** The block's slots by name: lists of blocks, each edited with its own form. */
  slots?: Readonly<Record<string, SlotEntry>>
}
/** A length range `npm run check` enforces (src/engine/integrity/seo.ts). */
export type Range = { min: number; max: number }
export type Seo = { title: Range; description: Range; titleSuffix: string; siteName: string; origin: string }
export type Catalogue = {
  meta: Json
  blocks: BlockEntry[]
  facts: string[]
  icons: string[]
  seo: Seo
  locales: { code: string; name: string }[]
  /** The kinds of new page the site declares (templates/new-pages.yaml). */
  newPages: { kind: string; label: string; example: string; exampleAddress?: string }[]
}
export type Version = { locale: string; path: string; file?: string }
export type PageDoc = {
  file: string
  address: string
  data: { meta: Json; blocks: Json[] }
  version: string
  locale?: string
  /** The facts its {{placeholders}} may name, in its language, with their values. */
  facts?: Record<string, string>
  /** The page's versions in the other languages (both ways: its source, or its translations). */
  translations?: Version[]
}
/** The lines a save would change; and, when the draft has no errors, its page data resolved for the preview. */
export type Draft = { hunks: StructuredPatchHunk[]; page?: PageData; blocks?: number[] }

// Read when a request is made, not when the module loads: the change description imports this
// module's types and helpers in Node too (tests/unit/editor), where there is no document.
const editorToken = () => document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`)?.content ?? ''

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Json,
  ) {
    super(message)
  }
}

export async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API_PATH}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json', [TOKEN_HEADER]: editorToken() },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return answerOf<T>(response)
}

async function answerOf<T>(response: Response): Promise<T> {
  const answer = (await response.json().catch(() => ({}))) as Json
  if (!response.ok) throw new ApiError(response.status, String(answer.error ?? `HTTP ${response.status}`), answer)
  return answer as T
}

/** Sends a photo's bytes as they are, for the server to check and store for the page `file`. */
async function sendPhoto(file: string, photo: File): Promise<StoredPhoto> {
  const query = new URLSearchParams({ file, name: photo.name })
  const response = await fetch(`${API_PATH}photo?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', [TOKEN_HEADER]: editorToken() },
    body: photo,
  })
  return answerOf<StoredPhoto>(response)
}

export const api = {
  pages: () => call<{ pages: PageEntry[] }>('pages').then((a) => a.pages),
  catalogue: () => call<Catalogue>('catalogue'),
  page: (file: string) => call<PageDoc>(`page?file=${encodeURIComponent(file)}`),
  draft: (file: string, version: string, data: unknown) => call<Draft>('draft', { file, version, data }),
  check: (file: string, version: string, data: unknown) =>
    call<{ problems: Problem[] }>('check', { file, version, data }).then((a) => a.problems),
  save: (file: string, version: string, data: unknown) =>
    call<{ version: string; problems: Problem[] }>('save', { file, version, data }),
  card: (file: string, version: string, data: unknown) => call<{ image?: string }>('card', { file, version, data }),
  acceptTranslation: (file: string) => call<{ message: string; version: string }>('accept-translation', { file }),
  newPage: (input: Json) => call<{ file: string; address: string; notes: string[] }>('new', input),
  photo: sendPhoto,
}

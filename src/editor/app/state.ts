// What the editor holds of the page open: the document as loaded, its edits, its problems and its
// preview; and what it keeps across a reload of the tab (the development server reloads every open
// page when a page is added).
import type { StructuredPatchHunk } from 'diff'
import type { PageData } from '../../blocks/types'
import type { Problem } from '../../content/problems'
import type { PageDoc } from './api'

/** The last draft without errors, resolved by the server, which the preview renders. */
export type PreviewDraft = { page: PageData; blocks: number[] }

export type Open = PageDoc & {
  original: string
  problems: Problem[]
  hunks: StructuredPatchHunk[]
  preview?: PreviewDraft
}
export type Page = PageDoc['data']

/** The editor's work in this tab (the page open, every unsaved draft, the last message). */
export const KEPT = 'page-editor'
export type Kept = { open?: Open; drafts: [string, Open][]; message: string | null; pending?: string }
export const kept = (): Kept => {
  try {
    return { drafts: [], message: null, ...JSON.parse(sessionStorage.getItem(KEPT) ?? '{}') }
  } catch {
    return { drafts: [], message: null }
  }
}

export const isDirty = (open: Open | undefined) => (open ? JSON.stringify(open.data) !== open.original : false)

export const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

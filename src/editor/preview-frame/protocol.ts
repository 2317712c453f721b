// What the page editor (src/editor/app/preview.tsx) and its preview frames (main.tsx here) say to
// each other, by postMessage on the editor's own origin.
import type { PageData } from '../../blocks/types'

/** The editor's draft: the page data the server resolved, and each block's index in the YAML. */
export type FromEditor = { editorPreview: 'page'; id: number; page: PageData; blocks: number[] }

export type ToEditor =
  /** The frame has loaded and waits for a page (again, after the development server reloaded it). */
  | { editorPreview: 'ready' }
  /** The draft `id` is on screen. */
  | { editorPreview: 'drawn'; id: number }
  /** A click on the block at this index in the YAML. */
  | { editorBlock: number }

/**
 * Marks each block's element with its index in the YAML (`data-editor-block`), for a click to
 * select its form: `main` holds the breadcrumb trail, then one element per block, in order (as
 * the site's partial hydration also reads it, src/blocks/hydration.ts).
 */
export function markBlocks(main: Element | null, indexes: readonly number[]) {
  const elements = main ? [...main.children].filter((e) => !e.matches('.breadcrumbs')) : []
  for (const element of elements) delete (element as HTMLElement).dataset.editorBlock
  if (elements.length !== indexes.length) return
  elements.forEach((element, i) => {
    ;(element as HTMLElement).dataset.editorBlock = String(indexes[i])
  })
}

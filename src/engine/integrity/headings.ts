// 4. Headings: exactly one h1, first, and no skipped level. Read off the HTML each block
// renders (not a table kept beside the components), so what is checked is what ships.
import { createHash } from 'node:crypto'
import type { Block } from '../../blocks/types'
import { slotBlocks, walkBlocks } from '../blocks'
import type { ParsedPage } from '../parsed-page'
import { formatPath, type PathSegment, type Problem } from '../problems'
import { problemAt } from '../yaml-source'

/** Renders each block of a list to HTML, in order (the server bundle's renderBlocks). */
export type RenderBlocks = (blocks: readonly unknown[]) => Promise<string[]>

/** The heading levels in a fragment of HTML, in document order. */
export const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]))

/** Each block's heading levels, by the digest of the blocks' data (content-cache.ts keeps them across runs). */
export type HeadingLevelsCache = {
  get(key: string): number[][] | undefined
  set(key: string, levels: number[][]): void
}

/**
 * Heading problems of every page, located at the block that renders the offending heading.
 * With a cache, only pages whose resolved blocks changed are rendered (`render` is not called
 * at all when none did).
 */
export async function checkRenderedHeadings(
  pages: readonly ParsedPage[],
  render: RenderBlocks,
  cache?: HeadingLevelsCache,
): Promise<Problem[]> {
  const rendered = []
  for (const page of pages) {
    if (!page.blocks) continue
    const parts = headingParts(page)
    const blocks = parts.map((p) => p.block)
    const key = cache && createHash('sha256').update(JSON.stringify(blocks)).digest('hex')
    let levels = key === undefined ? undefined : cache?.get(key)
    if (!levels) {
      levels = (await render(blocks)).map(headingLevels)
      if (key !== undefined) cache?.set(key, levels)
    }
    const found = levels
    rendered.push({ page, blocks: parts.map((part, j) => ({ ...part, levels: found[j] ?? [] })) })
  }
  // The blocks that can open a page, as this site uses them: those that render an h1 somewhere.
  const h1Types = [
    ...new Set(rendered.flatMap(({ blocks }) => blocks.filter((b) => b.levels.includes(1)).map((b) => b.type))),
  ].sort()
  return rendered.flatMap(({ page, blocks }) => headingProblems(page, blocks, h1Types))
}

/** A block as the heading check renders it: its slots left empty (their blocks are parts of their own). */
export type HeadingPart = { index: number; path: PathSegment[]; type: string; block: Block }

/**
 * The resolved blocks of a page as the heading check renders them, in document order: each
 * block without the blocks in its slots, then those, each located at its own path in the file
 * (a slot's blocks are rendered after the block's own headings, as a slot follows them).
 */
export function headingParts(page: ParsedPage): HeadingPart[] {
  return (page.blocks ?? []).flatMap(({ block, index }) =>
    walkBlocks([block], ['blocks']).map((visit) => {
      const path = ['blocks', index, ...visit.path.slice(2)]
      const emptied = Object.fromEntries(slotBlocks(visit.block).map(([name]) => [name, []]))
      return { index, path, type: visit.block.type, block: { ...visit.block, ...emptied } as Block }
    }),
  )
}

/** A part of the page with the heading levels it rendered; `path` defaults to the block's, blocks[index]. */
type Rendered = { index: number; levels: number[]; path?: PathSegment[]; type?: string }

export function headingProblems(page: ParsedPage, blocks: readonly Rendered[], h1Types: readonly string[]): Problem[] {
  const typeOf = (b: Rendered) => b.type ?? page.raw.blocks[b.index].type
  const where = (b: Rendered) => formatPath(b.path ?? ['blocks', b.index])
  const at = (b: Rendered) => [...(b.path ?? ['blocks', b.index]), 'type']
  const h1s = blocks.filter((b) => b.levels.includes(1))
  if (!h1s.length)
    return [
      problemAt(
        page.source,
        ['blocks'],
        `this page has no h1 heading (every block here renders an h2): start it with a block that renders the page's h1 (${h1Types.join(', ')}) whose heading says what the page is about`,
        { part: 'key' },
      ),
    ]
  const [first] = h1s
  const problems: Problem[] = []
  for (const b of h1s.slice(1))
    problems.push(
      problemAt(
        page.source,
        at(b),
        `a second h1 on the page (${where(first)} ${typeOf(first)} is the first): a page has exactly one h1; keep one ${typeOf(b)} block and make this one a block whose heading is an h2`,
      ),
    )
  // Screen-reader users move by heading level, so a level may go down any number of steps
  // but up only by one: h1 → h2 → h3, never h1 → h3, and nothing before the h1.
  let previous = 0
  for (const b of blocks) {
    for (const level of b.levels) {
      if (level > previous + 1)
        problems.push(
          previous === 0
            ? problemAt(
                page.source,
                at(b),
                `the page's first heading is this ${typeOf(b)} block's h${level}, before the page's h1 (${where(first)} ${typeOf(first)}): move the ${typeOf(first)} block to the top of \`blocks:\``,
              )
            : problemAt(
                page.source,
                at(b),
                `headings skip from h${previous} to h${level} at this ${typeOf(b)} block${b.path && b.path.length > 2 ? ` (inside a slot)` : ''}: put a block with an h2 section heading before it`,
              ),
        )
      previous = level // report each skip once, then carry on from where the outline is
    }
  }
  return problems
}

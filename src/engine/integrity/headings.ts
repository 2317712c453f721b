// 4. Headings: exactly one h1, first, and no skipped level. Read off the HTML each block
// renders (not a table kept beside the components), so what is checked is what ships.
import { createHash } from 'node:crypto'
import type { ParsedPage } from '../parsed-page'
import type { Problem } from '../problems'
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
    const blocks = page.blocks.map((b) => b.block)
    const key = cache && createHash('sha256').update(JSON.stringify(blocks)).digest('hex')
    let levels = key === undefined ? undefined : cache?.get(key)
    if (!levels) {
      levels = (await render(blocks)).map(headingLevels)
      if (key !== undefined) cache?.set(key, levels)
    }
    rendered.push({ page, blocks: levels.map((l, j) => ({ index: page.blocks![j].index, levels: l })) })
  }
  // The blocks that can open a page, as this site uses them: those that render an h1 somewhere.
  const h1Types = [
    ...new Set(
      rendered.flatMap(({ page, blocks }) =>
        blocks.filter((b) => b.levels.includes(1)).map((b) => page.raw.blocks[b.index].type),
      ),
    ),
  ].sort()
  return rendered.flatMap(({ page, blocks }) => headingProblems(page, blocks, h1Types))
}

export function headingProblems(
  page: ParsedPage,
  blocks: readonly { index: number; levels: number[] }[],
  h1Types: readonly string[],
): Problem[] {
  const raw = page.raw.blocks
  const typeAt = (i: number) => raw[i].type
  const h1s = blocks.filter((b) => b.levels.includes(1)).map((b) => b.index)
  if (!h1s.length)
    return [
      problemAt(
        page.source,
        ['blocks'],
        `this page has no h1 heading (every block here renders an h2): start it with a block that renders the page's h1 (${h1Types.join(', ')}) whose heading says what the page is about`,
        { part: 'key' },
      ),
    ]
  const problems: Problem[] = []
  for (const i of h1s.slice(1))
    problems.push(
      problemAt(
        page.source,
        ['blocks', i, 'type'],
        `a second h1 on the page (blocks[${h1s[0]}] ${typeAt(h1s[0])} is the first): a page has exactly one h1; keep one ${typeAt(i)} block and make this one a block whose heading is an h2`,
      ),
    )
  // Screen-reader users move by heading level, so a level may go down any number of steps
  // but up only by one: h1 → h2 → h3, never h1 → h3, and nothing before the h1.
  let previous = 0
  for (const { index: i, levels } of blocks) {
    for (const level of levels) {
      if (level > previous + 1)
        problems.push(
          previous === 0
            ? problemAt(
                page.source,
                ['blocks', i, 'type'],
                `the page's first heading is this ${typeAt(i)} block's h${level}, before the page's h1 (blocks[${h1s[0]}] ${typeAt(h1s[0])}): move the ${typeAt(h1s[0])} block to the top of \`blocks:\``,
              )
            : problemAt(
                page.source,
                ['blocks', i, 'type'],
                `headings skip from h${previous} to h${level} at this ${typeAt(i)} block: put a block with an h2 section heading before it`,
              ),
        )
      previous = level // report each skip once, then carry on from where the outline is
    }
  }
  return problems
}

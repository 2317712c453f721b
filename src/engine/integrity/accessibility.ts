// 4 and 6. Headings (exactly one h1, first, and no skipped level) and per-block rules.
import { headingLevelsOf } from '../../blocks/headings'
import type { ParsedPage } from '../load-content'
import type { Problem } from '../problems'
import { problemAt } from '../yaml-source'
import type { Context } from './context'

const H1_BLOCKS = 'a hero block (article-header for an article, search for the search page)'

export function checkHeadings(ctx: Context): Problem[] {
  return ctx.pages.flatMap(headingProblems)
}

function headingProblems(page: ParsedPage): Problem[] {
  const { blocks } = page.raw
  const problems: Problem[] = []
  const h1s = blocks.flatMap((b, i) => (headingLevelsOf(b).includes(1) ? [i] : []))
  if (!h1s.length) {
    return [
      problemAt(
        page.source,
        ['blocks'],
        `this page has no h1 heading (every block here renders an h2): start it with ${H1_BLOCKS} whose heading says what the page is about`,
        { part: 'key' },
      ),
    ]
  }
  for (const i of h1s.slice(1))
    problems.push(
      problemAt(
        page.source,
        ['blocks', i, 'type'],
        `a second h1 on the page (blocks[${h1s[0]}] ${blocks[h1s[0]].type} is the first): a page has exactly one h1; keep one ${blocks[i].type} block and use a section block (e.g. prose or cta) for this one`,
      ),
    )

  // Screen-reader users move by heading level, so a level may go down any number of steps
  // but up only by one: h1 → h2 → h3, never h1 → h3, and nothing before the h1.
  let previous = 0
  blocks.forEach((block, i) => {
    for (const level of headingLevelsOf(block)) {
      if (level > previous + 1) {
        problems.push(
          previous === 0
            ? problemAt(
                page.source,
                ['blocks', i, 'type'],
                `the page's first heading is this ${block.type} block's h${level}, before the page's h1 (blocks[${h1s[0]}] ${blocks[h1s[0]].type}): move the ${blocks[h1s[0]].type} block to the top of \`blocks:\``,
              )
            : problemAt(
                page.source,
                ['blocks', i, 'type'],
                `headings skip from h${previous} to h${level} at this ${block.type} block: put a block with an h2 section heading before it`,
              ),
        )
      }
      previous = level // report each skip once, then carry on from where the outline is
    }
  })
  return problems
}

/**
 * Rules for single blocks that their schemas cannot express.
 *
 * - Auto-rotating carousel must offer pause (WCAG 2.2.2): the testimonials block always
 *   renders a Pause/Play button, pauses on hover and focus and does not move under reduced
 *   motion; no option can remove the button, and its schema bounds intervalMs to
 *   3000-20000 ms. What YAML can still get wrong: a carousel of one quote, which never
 *   rotates yet shows pause, previous, next and dot controls: a warning, use a quote block.
 * - A faq block needs at least one item: its schema's minItems: 1. What the schema cannot
 *   see: two questions with one id, which would give two answers the same HTML id (the
 *   accordion's aria-controls would point at the wrong one).
 * - Two blocks of a page with one `anchor` give two sections the same HTML id.
 */
export function checkBlocks(ctx: Context): Problem[] {
  return ctx.pages.flatMap((page) => {
    const problems: Problem[] = []
    const anchors = new Map<string, number>()
    page.raw.blocks.forEach((block, i) => {
      if (block.type === 'testimonials' && block.items.length === 1)
        problems.push(
          problemAt(
            page.source,
            ['blocks', i, 'type'],
            'a testimonials carousel with one quote never rotates but still shows pause, previous, next and dot controls; add quotes, or use `type: quote` for a single one',
            { severity: 'warning' },
          ),
        )
      if (block.type === 'faq') {
        const ids = new Map<string, number>()
        block.items.forEach((item, j) => {
          const first = ids.get(item.id)
          if (first === undefined) ids.set(item.id, j)
          else
            problems.push(
              problemAt(
                page.source,
                ['blocks', i, 'items', j, 'id'],
                `id "${item.id}" is already used by items[${first}] of this FAQ; each question needs its own id (e.g. a word from the question)`,
              ),
            )
        })
      }
      const anchor = 'anchor' in block ? block.anchor : undefined
      if (anchor) {
        const first = anchors.get(anchor)
        if (first === undefined) anchors.set(anchor, i)
        else
          problems.push(
            problemAt(
              page.source,
              ['blocks', i, 'anchor'],
              `anchor "${anchor}" is already used by blocks[${first}] on this page; links to #${anchor} can reach only one: give this block another anchor`,
            ),
          )
      }
    })
    return problems
  })
}

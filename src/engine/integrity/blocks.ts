// 6. Rules for one block that its schema cannot express: each block's definition states its
// own (`check`); the rule for every block is here: two blocks of a page with one `anchor`
// would give two sections the same HTML id.
import { definitionOf } from '../blocks'
import type { Problem } from '../problems'
import { problemAt } from '../yaml-source'
import type { Context } from './context'

export function checkBlocks(ctx: Context): Problem[] {
  return ctx.pages.flatMap((page) => {
    const problems: Problem[] = []
    const anchors = new Map<string, number>()
    page.raw.blocks.forEach((block, i) => {
      for (const rule of definitionOf(block).check?.(block, ctx.site) ?? [])
        problems.push(problemAt(page.source, ['blocks', i, ...rule.at], rule.message, { severity: rule.severity }))
      const anchor = 'anchor' in block ? block.anchor : undefined
      if (!anchor) return
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
    })
    return problems
  })
}

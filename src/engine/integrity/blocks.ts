// 6. Rules for one block that its schema cannot express: each block's definition states its
// own (`check`); the rule for every block is here: two blocks of a page with one `anchor`
// would give two sections the same HTML id. Blocks inside slots are checked alike.
import { definitionOf, walkBlocks } from '../blocks'
import { formatPath, type Problem } from '../problems'
import { problemAt } from '../yaml-source'
import type { Context } from './context'

export function checkBlocks(ctx: Context): Problem[] {
  return ctx.pages.flatMap((page) => {
    const problems: Problem[] = []
    const anchors = new Map<string, string>()
    for (const { block, path } of walkBlocks(page.raw.blocks)) {
      for (const rule of definitionOf(block).check?.(block, ctx.site) ?? [])
        problems.push(problemAt(page.source, [...path, ...rule.at], rule.message, { severity: rule.severity }))
      const anchor = 'anchor' in block ? block.anchor : undefined
      if (!anchor) continue
      const first = anchors.get(anchor)
      if (first === undefined) anchors.set(anchor, formatPath(path))
      else
        problems.push(
          problemAt(
            page.source,
            [...path, 'anchor'],
            `anchor "${anchor}" is already used by ${first} on this page; links to #${anchor} can reach only one: give this block another anchor`,
          ),
        )
    }
    return problems
  })
}

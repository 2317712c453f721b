// The rendered-headings check: headings are read off what the blocks render (the server bundle's
// renderBlocks), and a page whose outline is broken ends the build. Only pages whose blocks
// changed since the last build or check are rendered for it: the levels are kept in the build cache.
import type { Logger } from 'vite'
import { openHeadingLevelsCache } from '../../engine/content-cache'
import { checkRenderedHeadings, type RenderBlocks } from '../../engine/integrity/headings'
import type { Content } from '../../engine/load-content'
import { formatProblems, hasErrors, type Problem } from '../../engine/problems'
import { BuildFailure } from '../report'

export async function checkHeadings(
  { root, cacheDir, log }: { root: string; cacheDir: string; log: Pick<Logger, 'warn'> },
  content: Content,
  renderBlocks: RenderBlocks,
): Promise<Problem[]> {
  const levels = openHeadingLevelsCache(root, cacheDir)
  const problems = await checkRenderedHeadings(content.parsed, renderBlocks, levels)
  levels.save()
  if (hasErrors(problems)) throw new BuildFailure('headings', formatProblems(problems), problems)
  if (problems.length) log.warn(formatProblems(problems))
  return problems
}

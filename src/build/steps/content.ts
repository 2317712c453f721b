// The build's first step: the site's content, read and checked, kept in memory for the rest of the
// build (the two Vite builds read it from this store) and in the build cache for the next build or
// check. Content with errors ends the build here, each problem at its file:line:col with its
// lines, as the bundler's plugin would say them after seconds of starting up to no use.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { siteContentStore } from '../../engine/block-catalogue'
import type { ContentStore } from '../../engine/content-store'
import type { Content } from '../../engine/load-content'
import { problemsWithSnippets } from '../../engine/problem-report'
import { hasErrors } from '../../engine/problems'
import { BuildFailure } from '../report'

export function readContent(root: string, cacheDir: string): { store: ContentStore; content: Content } {
  const store = siteContentStore(root, false, cacheDir)
  const content = store.content()
  if (hasErrors(content.problems)) {
    const text = problemsWithSnippets(content.problems, (file) => readFileSync(join(root, file), 'utf8'))
    throw new BuildFailure('content', text, content.problems)
  }
  return { store, content }
}

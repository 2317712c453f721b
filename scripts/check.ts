// npm run check: validates site.yaml and every page, printing every problem of every file
// as file:line:col. Exits 1 when there is an error.
import { checkRenderedHeadings } from '../src/engine/integrity/headings'
import { loadContent } from '../src/engine/load-content'
import { formatProblems, hasErrors } from '../src/engine/problems'
import { withBlockRenderer } from './block-renderer'

const root = process.cwd()
const content = loadContent(root)
// Headings are read off the rendered blocks, which needs a valid site to render.
const problems = hasErrors(content.problems)
  ? content.problems
  : [...content.problems, ...(await withBlockRenderer(root, (render) => checkRenderedHeadings(content.parsed, render)))]
const asJson = process.argv.includes('--json')

if (asJson) {
  console.log(JSON.stringify({ pages: content.pages.length, problems }, null, 2))
} else if (problems.length) {
  console.error(formatProblems(problems))
} else {
  console.log(`All YAML is valid: site.yaml and ${content.pages.length} pages.`)
}
process.exit(hasErrors(problems) ? 1 : 0)

// npm run check: validates site.yaml and every page, printing every problem of every file
// as file:line:col. Exits 1 when there is an error.
import { loadContent } from '../src/engine/load-content'
import { formatProblems, hasErrors } from '../src/engine/problems'

const content = loadContent(process.cwd())
const asJson = process.argv.includes('--json')

if (asJson) {
  console.log(JSON.stringify({ pages: content.pages.length, problems: content.problems }, null, 2))
} else if (content.problems.length) {
  console.error(formatProblems(content.problems))
} else {
  console.log(`All YAML is valid: site.yaml and ${content.pages.length} pages.`)
}
process.exit(hasErrors(content.problems) ? 1 : 0)

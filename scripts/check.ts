// npm run check: validates site.yaml and every page, printing every problem of every file
// as file:line:col. Exits 1 when there is an error.
// npm run check -- --accept-translation pages/es/x.yaml (repeatable): first records that the
// translation is up to date with its source page as it is now (src/engine/accept-translation.ts).

import { lazyBlockRenderer } from '../src/build/block-renderer'
import { checkImageFiles } from '../src/build/image-checks'
import { AcceptError, acceptTranslation } from '../src/engine/accept-translation'
import { openHeadingLevelsCache } from '../src/engine/content-cache'
import { ContentStore } from '../src/engine/content-store'
import { checkRenderedHeadings } from '../src/engine/integrity/headings'
import { formatProblems, hasErrors } from '../src/engine/problems'

const root = process.cwd()
const args = process.argv.slice(2)
const accepted = args.flatMap((arg, i) =>
  arg === '--accept-translation' ? [args[i + 1]] : arg.startsWith('--accept-translation=') ? [arg.split('=')[1]] : [],
)
for (const file of accepted) {
  if (!file) {
    console.error('npm run check: --accept-translation needs the translated page, e.g. pages/es/contacto.yaml')
    process.exit(1)
  }
  try {
    console.log(acceptTranslation(root, file))
  } catch (error) {
    if (!(error instanceof AcceptError)) throw error
    console.error(`npm run check: ${error.message}`)
    process.exit(1)
  }
}

// Cold, but each file unchanged since the last check (or build) is taken from .cache/content.
const content = new ContentStore(root, { diskCache: true }).content()
// Headings are read off the rendered blocks, which needs a valid site to render; the blocks
// are rendered only where they changed since the last run (the levels are kept in .cache/).
// The image files the pages name: their weight, size, width written, and what an SVG may hold.
let problems = [...content.problems, ...(await checkImageFiles(root, content.parsed))]
if (!hasErrors(problems)) {
  const renderer = lazyBlockRenderer(root)
  const levels = openHeadingLevelsCache(root)
  try {
    problems = [...problems, ...(await checkRenderedHeadings(content.parsed, renderer.render, levels))]
    levels.save()
  } finally {
    await renderer.close()
  }
}
const asJson = args.includes('--json')

if (asJson) {
  console.log(JSON.stringify({ pages: content.pages.length, problems }, null, 2))
} else if (problems.length) {
  console.error(formatProblems(problems))
} else {
  console.log(`All YAML is valid: site.yaml and ${content.pages.length} pages.`)
}
process.exit(hasErrors(problems) ? 1 : 0)

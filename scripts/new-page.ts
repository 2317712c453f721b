// npm run new -- <kind> "<name>": a new page of one of the kinds templates/new-pages.yaml declares
// (this site: city, service, article), e.g. npm run new -- service "<name>".
//
// Writes a complete, valid page from templates/pages/<kind>.yaml, checks it with the same
// validation as the build before writing anything, and prints what to edit next. A kind that is a
// place also gets its name added to the city list of site.yaml's `places.listedOn` page (so it links
// to the new page); a service is added to site.yaml's catalogue; an article gets a placeholder picture.
// Options: --region "<area>" (a place), --category "<category>" (an article), --no-place-list,
// --dry-run (print the page instead of writing it).
// In another language: npm run new -- <kind> "<name>" --locale <code> --translation-of <address>
// writes the page from templates/pages/<code>/<kind>.yaml, translating the default-language page
// (meta.translationOf), and adds a place to the city list of that language's version of the list page.
import { pathToFileURL } from 'node:url'
import { readNewPages } from '../src/engine/new-pages'
import { ScaffoldError, scaffoldPage } from '../src/engine/scaffold'

function parseArgs(argv: string[]) {
  const positional: string[] = []
  const flags: Record<string, string | true> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2)
      if (inline !== undefined) flags[key] = inline
      else if (['region', 'category', 'date', 'locale', 'translation-of'].includes(key) && argv[i + 1] !== undefined)
        flags[key] = argv[++i]
      else flags[key] = true
    } else positional.push(arg)
  }
  return { positional, flags }
}

/** How to call it, with the kinds and examples of templates/new-pages.yaml. */
function usage(root: string): string {
  const kinds = Object.entries(readNewPages(root).kinds)
  const lines = kinds.map(([kind, spec]) => {
    const flags = [spec.place ? ' [--region "…"] [--no-place-list]' : '', spec.articles ? ' [--category "…"]' : '']
    return `  npm run new -- ${kind} "${spec.example}"${flags.join('')}    ${spec.label}`
  })
  return [
    'Usage:',
    ...lines,
    '  npm run new -- <kind> "<name>" --locale <code> --translation-of <address>    a translation',
    'Add --dry-run to print the page without writing it. The kinds and their wording: templates/new-pages.yaml.',
  ].join('\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { positional, flags } = parseArgs(process.argv.slice(2))
  const [kind, ...nameParts] = positional
  const root = process.cwd()
  if (!kind || flags.help) {
    console.log(usage(root))
    process.exit(kind || flags.help ? 0 : 1)
  }
  try {
    const result = scaffoldPage({
      root,
      kind,
      name: nameParts.join(' '),
      region: typeof flags.region === 'string' ? flags.region : undefined,
      category: typeof flags.category === 'string' ? flags.category : undefined,
      date: typeof flags.date === 'string' ? flags.date : undefined,
      listPlace: !flags['no-place-list'],
      dryRun: Boolean(flags['dry-run']),
      locale: typeof flags.locale === 'string' ? flags.locale : undefined,
      translationOf: typeof flags['translation-of'] === 'string' ? flags['translation-of'] : undefined,
    })
    if (flags['dry-run']) console.log(result.text)
    console.log(result.notes.join('\n'))
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error
    console.error(`npm run new: ${error.message}\n\n${usage(root)}`)
    process.exit(1)
  }
}

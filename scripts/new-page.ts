// npm run new -- city "Naples"            -> pages/naples-security-services.yaml
// npm run new -- service "K9 Security"    -> pages/services/k9-security.yaml
// npm run new -- article "Hurricane Season Security" -> pages/insights/hurricane-season-security.yaml
//
// Writes a complete, valid page from templates/pages/<kind>.yaml, checks it with the same
// validation as the build before writing anything, and prints what to edit next. For a city,
// it also makes sure the Florida page's city list names the city (so it links to the new page).
// Options: --region "Southwest Florida" (city), --category "Events" (article), --no-florida,
// --dry-run (print the page instead of writing it).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isMap, isScalar, isSeq, parseDocument, type YAMLSeq } from 'yaml'
import { pageMetaSchema } from '../src/content/page-meta-schema'
import { loadContent } from '../src/engine/load-content'
import { formatProblem, type Problem } from '../src/engine/problems'

export const KINDS = ['city', 'service', 'article'] as const
export type Kind = (typeof KINDS)[number]
export const FLORIDA_PAGE = 'pages/florida-security-services.yaml'
const TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), '..', 'templates', 'pages')

export type ScaffoldOptions = {
  root: string
  kind: Kind
  name: string
  region?: string
  category?: string
  /** Publication date of an article, YYYY-MM-DD (default: today). */
  date?: string
  /** For a city: add it to the Florida page's city list when missing (default true). */
  florida?: boolean
  dryRun?: boolean
}

export type ScaffoldResult = {
  file: string
  address: string
  text: string
  /** What happened and what to do next, one line each, for the terminal. */
  notes: string[]
}

export class ScaffoldError extends Error {}

/** naples, st-petersburg, k9-security */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

// Letters, digits, spaces and . , ' & - only: names go into YAML and addresses unquoted.
const SAFE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .,'&-]*$/u

function fileFor(kind: Kind, slug: string): string {
  if (kind === 'city') return `pages/${slug}-security-services.yaml`
  if (kind === 'service') return `pages/services/${slug}.yaml`
  return `pages/insights/${slug}.yaml`
}

const addressOfFile = (file: string) => `/${file.slice('pages/'.length).replace(/\.ya?ml$/, '')}`

/** Categories offered by the list of articles (the block with `categories:` in pages/insights.yaml), if any. */
function articleCategories(root: string): string[] {
  const file = join(root, 'pages/insights.yaml')
  if (!existsSync(file)) return []
  const data = parseDocument(readFileSync(file, 'utf8')).toJS() as {
    blocks?: { categories?: string[] }[]
  }
  return data?.blocks?.find((b) => Array.isArray(b.categories))?.categories ?? []
}

/** Titles and descriptions to try, best first: the first pair the site's length rules accept is used. */
function headlines(kind: Kind, name: string): { titles: string[]; descriptions: string[] } {
  const agency = 'a licensed, veteran-owned Florida security agency'
  if (kind === 'city') {
    return {
      titles: [
        `${name} Security Services & Executive Protection`,
        `${name} Security Services & Protection`,
        `${name} Security Services`,
        `Security Services in ${name}, Florida`,
        `${name} Security`,
      ],
      descriptions: [
        `Executive protection, event and estate security in ${name} from ${agency} that answers {{claims.response}}.`,
        `Executive protection and security in ${name} from ${agency}.`,
        `Security in ${name}.`,
      ],
    }
  }
  if (kind === 'service') {
    return {
      titles: [
        `${name} Services in Florida`,
        `${name} in Florida`,
        `${name} Services`,
        `${name} from Licensed Florida Officers`,
        name,
      ],
      descriptions: [
        `${name} from ${agency}, planned around a written threat assessment and available {{claims.response}}.`,
        `${name} from ${agency}, planned around a written threat assessment.`,
        `${name} from ${agency}.`,
      ],
    }
  }
  return {
    titles: [name, `${name}: Security Insights`, `${name}: What to Know`],
    descriptions: [
      `${name}: practical advice from ${agency} on protecting people, homes and events.`,
      `${name}: practical advice from ${agency}.`,
      `Practical advice from ${agency}.`,
    ],
  }
}

export function renderPage(options: ScaffoldOptions & { title: string; description: string }, slug: string): string {
  const { kind, name } = options
  const template = readFileSync(join(TEMPLATES, `${kind}.yaml`), 'utf8')
  const tokens: Record<string, string> = {
    __CITY__: name,
    __NAME__: name,
    __LOWER_NAME__: name.toLowerCase(),
    __KEYWORD__: name.toLowerCase(),
    __SLUG__: slug,
    __REGION__: options.region ?? 'Florida',
    __CATEGORY__: options.category ?? 'Executive Protection',
    __DATE__: options.date ?? new Date().toISOString().slice(0, 10),
    __TITLE__: options.title,
    __DESCRIPTION__: options.description,
  }
  let text = template.replace(/__[A-Z_]+__/g, (token) => tokens[token] ?? token)
  // Aliases become redirects once the engine knows `meta.aliases`; until then they stay a comment.
  if ('aliases' in pageMetaSchema.properties) text = text.replace(/^ {2}# aliases:\n {2}# {3}- /m, '  aliases:\n    - ')
  return text
}

const errorsIn = (problems: readonly Problem[], file: string) =>
  problems.filter((p) => p.file === file && p.severity === 'error')
const list = (problems: readonly Problem[]) => problems.map((p) => `  ✖ ${formatProblem(p)}`).join('\n')

/** The page text with the first title and description that pass the site's rules. */
function bestPage(options: ScaffoldOptions, slug: string, file: string): { text: string; problems: Problem[] } {
  const { titles, descriptions } = headlines(options.kind, options.name)
  let best: { text: string; problems: Problem[] } | undefined
  for (const title of titles) {
    for (const description of descriptions) {
      const text = renderPage({ ...options, title, description }, slug)
      const problems = errorsIn(loadContent(options.root, { extraPages: [{ file, text }] }).problems, file)
      const headline = problems.filter((p) => p.path === 'meta.title' || p.path === 'meta.description')
      if (!headline.length) return { text, problems }
      if (!best || problems.length < best.problems.length) best = { text, problems }
    }
  }
  return best!
}

type Change = { file: string; before: string | undefined }

export function scaffoldPage(options: ScaffoldOptions): ScaffoldResult {
  const { root, kind } = options
  const name = options.name.trim().replace(/\s+/g, ' ')
  if (!KINDS.includes(kind)) throw new ScaffoldError(`unknown kind "${kind}": use one of ${KINDS.join(', ')}`)
  if (!name)
    throw new ScaffoldError(
      `give the ${kind}'s name in quotes, e.g. npm run new -- ${kind} "${kind === 'city' ? 'Naples' : kind === 'service' ? 'K9 Security' : 'Hurricane Season Security'}"`,
    )
  if (!SAFE_NAME.test(name) || name.length > 60) {
    throw new ScaffoldError(
      `"${name}" cannot be used as a name: use letters, digits, spaces and . , ' & - only (at most 60 characters)`,
    )
  }
  const slug = slugOf(name)
  if (!slug) throw new ScaffoldError(`"${name}" gives an empty address: use letters or digits`)
  const file = fileFor(kind, slug)
  const address = addressOfFile(file)
  if (existsSync(join(root, file)))
    throw new ScaffoldError(`${file} already exists: edit it instead (or choose another name)`)

  const categories = kind === 'article' ? articleCategories(root) : []
  if (kind === 'article' && options.category && categories.length && !categories.includes(options.category)) {
    throw new ScaffoldError(
      `category "${options.category}" is not one of the /insights categories: ${categories.join(', ')}`,
    )
  }
  const before = loadContent(root)
  if (kind === 'city') {
    const taken = before.pages.find((p) => p.meta.city?.toLowerCase() === name.toLowerCase())
    if (taken)
      throw new ScaffoldError(`${taken.path} already declares \`city: ${taken.meta.city}\`: edit that page instead`)
  }
  const { text, problems } = bestPage({ ...options, name, category: options.category ?? categories[0] }, slug, file)
  if (options.dryRun) {
    // Problems such as "no link leads here" or a missing picture are what the real run fixes
    // (Florida list, service catalogue, placeholder picture), so only others are worth showing.
    const notes = ['(dry run: nothing written)']
    const others = problems.filter((p) => !/no link leads to this page|^no file public\//.test(p.message))
    if (others.length) notes.push('The check would report:', list(others))
    return { file, address, text, notes }
  }

  // Write everything, check the site as the build will, and undo it all if the check fails.
  const changes: Change[] = []
  const write = (rel: string, content: string) => {
    const full = join(root, rel)
    changes.push({ file: rel, before: existsSync(full) ? readFileSync(full, 'utf8') : undefined })
    mkdirSync(dirname(full), { recursive: true })
    writeFileSync(full, content)
  }
  const undo = () => {
    for (const change of changes.reverse()) {
      if (change.before === undefined) rmSync(join(root, change.file), { force: true })
      else writeFileSync(join(root, change.file), change.before)
    }
  }
  const notes: string[] = []
  write(file, text)
  notes.push(`Created ${file}: the page ${address}`)
  try {
    if (kind === 'article') {
      const image = `public/images/insights/${slug}.svg`
      if (!existsSync(join(root, image))) {
        write(image, placeholderImage())
        notes.push(`Created ${image}, a placeholder picture for the article card: replace it (1200×675)`)
      }
    }
    if (kind === 'city') notes.push(...addToFloridaList(root, name, options.florida !== false, write))
    if (kind === 'service') notes.push(...addToServices(root, name, address, write))

    const after = loadContent(root)
    const known = new Set(before.problems.map((p) => `${p.file} ${p.path} ${p.message}`))
    const introduced = changes
      .flatMap((c) => errorsIn(after.problems, c.file))
      .filter((p) => !known.has(`${p.file} ${p.path} ${p.message}`))
    if (introduced.length) {
      undo()
      throw new ScaffoldError(`the new page would fail the check, so nothing was written:\n${list(introduced)}`)
    }
  } catch (error) {
    if (!(error instanceof ScaffoldError)) undo()
    throw error
  }

  notes.push('', 'Next:')
  notes.push(
    `  1. Open ${file} and rewrite the lines marked EDIT${kind === 'city' ? ` so they are about ${name}` : ''}.`,
  )
  if (kind === 'article')
    notes.push(
      '     To publish the full text: write the body as prose blocks and set `status: full` (see docs/blocks.md#prose).',
    )
  if (kind === 'service')
    notes.push('     In site.yaml, give its entry under `services:` a better summary and icon (docs/blocks.md#icons).')
  notes.push(`  2. Preview: npm run dev, then open http://localhost:5173${address}`)
  notes.push('  3. Check: npm run check (lists every problem with file:line and how to fix it)')
  notes.push('  4. Publish: npm run build, then deploy dist/ (see docs/marketers.md)')
  if (kind === 'city' && !('aliases' in pageMetaSchema.properties)) {
    notes.push(
      '',
      `Optional short address: to make /${slug}-security redirect here, add this line under \`redirects:\` in site.yaml:`,
    )
    notes.push(`  - { from: /${slug}-security, to: ${address} }`)
  }
  return { file, address, text, notes }
}

type Write = (file: string, content: string) => void

/**
 * Makes sure the Florida page's city list names the city, so it links to the new page. The
 * line is inserted as text right after the last city, so the file keeps its comments and
 * layout; the result is parsed again and must differ from the original by exactly that city.
 * Otherwise nothing is changed and the line to add is printed.
 */
export function addToFloridaList(root: string, city: string, edit: boolean, write: Write): string[] {
  const path = join(root, FLORIDA_PAGE)
  if (!existsSync(path)) return [`No ${FLORIDA_PAGE}: no city list to link from.`]
  const original = readFileSync(path, 'utf8')
  const doc = parseDocument(original)
  const blocks = doc.get('blocks')
  // The city list is the block that names `cities:`.
  const index = isSeq(blocks) ? blocks.items.findIndex((b) => isMap(b) && isSeq(b.get('cities', true))) : -1
  const block = isSeq(blocks) ? blocks.items[index] : undefined
  const cities = isMap(block) ? block.get('cities', true) : undefined
  if (!isSeq(cities)) return [`${FLORIDA_PAGE} has no block with \`cities:\`; nothing to link from.`]
  const names = cities.items.map((c) => (isScalar(c) ? String(c.value) : ''))
  if (names.includes(city))
    return [`The Florida page already lists "${city}": it links to the new page on the next build.`]
  const near = names.find((n) => n.toLowerCase() === city.toLowerCase())
  if (near) return [`The Florida page lists "${near}", not "${city}": names must match exactly, so change one of them.`]

  const manual = (why: string) => [
    `${why} Add "${city}" to the Florida page's city list yourself: in ${FLORIDA_PAGE}, under \`cities:\`, add the line`,
    `      - ${city}`,
  ]
  if (!edit) return manual('The Florida page does not list this city yet.')
  const inserted = insertAfterLastItem(original, cities, `- ${city}`)
  const expected = doc.toJS() as { blocks: { cities: string[] }[] }
  expected.blocks[index].cities.push(city)
  if (!inserted || JSON.stringify(parseDocument(inserted.text).toJS()) !== JSON.stringify(expected)) {
    return manual("The Florida page's city list could not be edited safely.")
  }
  write(FLORIDA_PAGE, inserted.text)
  return [
    `Added "${city}" to the Florida page's city list (${FLORIDA_PAGE}, line ${inserted.line}): it links to the new page on the next build.`,
  ]
}

/** Adds the service to site.yaml's catalogue (menu, services page, related cards), the same careful way. */
export function addToServices(root: string, name: string, address: string, write: Write): string[] {
  const path = join(root, 'site.yaml')
  const original = readFileSync(path, 'utf8')
  const doc = parseDocument(original)
  const services = doc.get('services', true)
  const entry = {
    title: name,
    href: address,
    icon: 'shield',
    summary: `${name} from licensed, veteran-led teams, planned around a written threat assessment.`,
  }
  const lines = [
    `- title: ${entry.title}`,
    `  href: ${entry.href}`,
    '  icon: shield # EDIT · see docs/blocks.md#icons',
    `  summary: ${entry.summary} # EDIT`,
  ]
  const manual = (why: string) => [
    `${why} Add it under \`services:\` in site.yaml yourself:`,
    ...lines.map((l) => `  ${l}`),
  ]
  if (!isSeq(services)) return manual('site.yaml has no `services:` list.')
  const inserted = insertAfterLastItem(original, services, lines.join('\n'))
  const expected = doc.toJS() as { services: unknown[] }
  expected.services.push(entry)
  if (!inserted || JSON.stringify(parseDocument(inserted.text).toJS()) !== JSON.stringify(expected)) {
    return manual("site.yaml's service list could not be edited safely.")
  }
  write('site.yaml', inserted.text)
  return [
    `Added "${name}" to the service catalogue in site.yaml (line ${inserted.line}): the Services menu, the services page and related-service cards list it.`,
  ]
}

/**
 * Inserts `entry` (lines starting with `- `, relative to the list's indentation) after the
 * last item of a block-style list, leaving every other byte of the file as it was.
 */
function insertAfterLastItem(text: string, seq: YAMLSeq, entry: string): { text: string; line: number } | undefined {
  if (seq.flow || !seq.items.length) return undefined
  const last = seq.items[seq.items.length - 1] as { range?: [number, number, number] } | null
  const first = seq.items[0] as { range?: [number, number, number] } | null
  if (!last?.range || !first?.range) return undefined
  const firstLineStart = text.lastIndexOf('\n', first.range[0] - 1) + 1
  const indent = /^( *)- *$/.exec(text.slice(firstLineStart, first.range[0]))
  if (!indent) return undefined
  const lineEnd = text.indexOf('\n', Math.max(last.range[1] - 1, 0))
  const at = lineEnd === -1 ? text.length : lineEnd
  const line = text.slice(0, at).split('\n').length + 1
  const block = entry
    .split('\n')
    .map((l) => indent[1] + l)
    .join('\n')
  return { text: `${text.slice(0, at)}\n${block}${text.slice(at)}`, line }
}

function placeholderImage(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675">
  <rect width="1200" height="675" fill="#0b2545"/>
  <path d="M600 170 L720 215 V330 C720 420 665 480 600 510 C535 480 480 420 480 330 V215 Z" fill="none" stroke="#f2c14e" stroke-width="10" stroke-linejoin="round"/>
  <path d="M545 335 L585 375 L660 295" fill="none" stroke="#f2c14e" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`
}

function parseArgs(argv: string[]) {
  const positional: string[] = []
  const flags: Record<string, string | true> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2)
      if (inline !== undefined) flags[key] = inline
      else if (['region', 'category', 'date'].includes(key) && argv[i + 1] !== undefined) flags[key] = argv[++i]
      else flags[key] = true
    } else positional.push(arg)
  }
  return { positional, flags }
}

const USAGE = `Usage:
  npm run new -- city "Naples" [--region "Southwest Florida"] [--no-florida]
  npm run new -- service "K9 Security"
  npm run new -- article "Hurricane Season Security" [--category "Events"]
Add --dry-run to print the page without writing it.`

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { positional, flags } = parseArgs(process.argv.slice(2))
  const [kind, ...nameParts] = positional
  if (!kind || flags.help) {
    console.log(USAGE)
    process.exit(kind || flags.help ? 0 : 1)
  }
  try {
    const result = scaffoldPage({
      root: process.cwd(),
      kind: kind as Kind,
      name: nameParts.join(' '),
      region: typeof flags.region === 'string' ? flags.region : undefined,
      category: typeof flags.category === 'string' ? flags.category : undefined,
      date: typeof flags.date === 'string' ? flags.date : undefined,
      florida: !flags['no-florida'],
      dryRun: Boolean(flags['dry-run']),
    })
    if (flags['dry-run']) console.log(result.text)
    console.log(result.notes.join('\n'))
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error
    console.error(`npm run new: ${error.message}\n\n${USAGE}`)
    process.exit(1)
  }
}

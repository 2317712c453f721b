// npm run new -- city "Naples"            -> pages/naples-security-services.yaml
// npm run new -- service "K9 Security"    -> pages/services/k9-security.yaml
// npm run new -- article "Hurricane Season Security" -> pages/insights/hurricane-season-security.yaml
//
// Writes a complete, valid page from templates/pages/<kind>.yaml, checks it with the same
// validation as the build before writing anything, and prints what to edit next. For a city,
// it also makes sure the Florida page's city list names the city (so it links to the new page).
// Options: --region "Southwest Florida" (city), --category "Events" (article), --no-florida,
// --dry-run (print the page instead of writing it).
// In another language: npm run new -- city "Naples" --locale es --translation-of /naples-security-services
// writes pages/es/seguridad-privada-naples.yaml from templates/pages/es/city.yaml, translating the
// English page (meta.translationOf), and adds the city to that language's Florida page.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isMap, isScalar, isSeq, parseDocument, type YAMLSeq } from 'yaml'
import { localeOf, siteLocales } from '../src/content/locales'
import { pageMetaSchema } from '../src/content/page-meta-schema'
import type { SiteConfig } from '../src/content/types'
import { ContentStore } from '../src/engine/content-store'
import { chars } from '../src/engine/integrity/context'
import { DESCRIPTION, TITLE } from '../src/engine/integrity/seo'
import type { Content } from '../src/engine/load-content'
import { localeFacts } from '../src/engine/locales'
import { factPaths, fillPlaceholders } from '../src/engine/placeholders'
import { formatProblem, type Problem } from '../src/engine/problems'
import { titleWithSuffix } from '../src/engine/title'
import { parseYamlSource } from '../src/engine/yaml-source'

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
  /** Another language than the default (a site.yaml locale code, e.g. es): the page translates `translationOf`. */
  locale?: string
  /** With `locale`: the address of the default-language page this one translates. */
  translationOf?: string
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

/**
 * Where each language's pages of each kind go, and the titles and descriptions to try, best
 * first (the first pair the site's length rules accept is used). A language without an entry
 * for a kind has no template for it yet (templates/pages/<code>/<kind>.yaml).
 */
type Wording = { file: (slug: string) => string; titles: string[]; descriptions: string[] }
const AGENCY = 'a licensed, veteran-owned Florida security agency'
const WORDING: Record<string, Partial<Record<Kind, (name: string) => Wording>>> = {
  en: {
    city: (name) => ({
      file: (slug) => `pages/${slug}-security-services.yaml`,
      titles: [
        `${name} Security Services & Executive Protection`,
        `${name} Security Services & Protection`,
        `${name} Security Services`,
        `Security Services in ${name}, Florida`,
        `${name} Security`,
      ],
      descriptions: [
        `Executive protection, event and estate security in ${name} from ${AGENCY} that answers {{claims.response}}.`,
        `Executive protection and security in ${name} from ${AGENCY}.`,
        `Security in ${name}.`,
      ],
    }),
    service: (name) => ({
      file: (slug) => `pages/services/${slug}.yaml`,
      titles: [
        `${name} Services in Florida`,
        `${name} in Florida`,
        `${name} Services`,
        `${name} from Licensed Florida Officers`,
        name,
      ],
      descriptions: [
        `${name} from ${AGENCY}, planned around a written threat assessment and available {{claims.response}}.`,
        `${name} from ${AGENCY}, planned around a written threat assessment.`,
        `${name} from ${AGENCY}.`,
      ],
    }),
    article: (name) => ({
      file: (slug) => `pages/insights/${slug}.yaml`,
      titles: [name, `${name}: Security Insights`, `${name}: What to Know`],
      descriptions: [
        `${name}: practical advice from ${AGENCY} on protecting people, homes and events.`,
        `${name}: practical advice from ${AGENCY}.`,
        `Practical advice from ${AGENCY}.`,
      ],
    }),
  },
  es: {
    city: (name) => ({
      file: (slug) => `pages/es/seguridad-privada-${slug}.yaml`,
      titles: [
        `Seguridad privada y escoltas en ${name}`,
        `Seguridad privada en ${name}, Florida`,
        `Seguridad privada en ${name}`,
        `Escoltas y seguridad en ${name}`,
      ],
      descriptions: [
        `Protección ejecutiva, seguridad para eventos y residencias en ${name}, de una agencia con licencia en Florida fundada por veteranos. Atención {{claims.response}}.`,
        `Protección ejecutiva y seguridad privada en ${name}, de una agencia con licencia en Florida fundada por veteranos.`,
        `Protección ejecutiva y seguridad privada en ${name}, Florida.`,
      ],
    }),
  },
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

export function renderPage(options: ScaffoldOptions & { title: string; description: string }, slug: string): string {
  const { kind, name } = options
  const template = readFileSync(templateFile(kind, options.locale), 'utf8')
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
    __SOURCE__: options.translationOf ?? '',
  }
  let text = template.replace(/__[A-Z_]+__/g, (token) => tokens[token] ?? token)
  // Aliases become redirects once the engine knows `meta.aliases`; until then they stay a comment.
  if ('aliases' in pageMetaSchema.properties) text = text.replace(/^ {2}# aliases:\n {2}# {3}- /m, '  aliases:\n    - ')
  return text
}

/** The default language's templates are templates/pages/<kind>.yaml; another's, templates/pages/<code>/<kind>.yaml. */
const templateFile = (kind: Kind, locale?: string) =>
  locale ? join(TEMPLATES, locale, `${kind}.yaml`) : join(TEMPLATES, `${kind}.yaml`)

const errorsIn = (problems: readonly Problem[], file: string) =>
  problems.filter((p) => p.file === file && p.severity === 'error')
const list = (problems: readonly Problem[]) => problems.map((p) => `  ✖ ${formatProblem(p)}`).join('\n')

/**
 * Whether a title and description, their placeholders filled in the page's language, are
 * within the site's length rules (the rules of integrity/seo.ts, measured without loading the
 * whole site for each candidate): site.yaml is read once for all the candidates.
 */
function lengthRules(root: string, code: string): (title: string, description: string) => boolean {
  const source = parseYamlSource('site.yaml', readFileSync(join(root, 'site.yaml'), 'utf8'))
  const site = source.data as SiteConfig
  const isDefault = siteLocales(site)[0].code === code
  const facts = localeFacts(factPaths(source), code, isDefault)
  return (title, description) => {
    const filled = fillPlaceholders({ title, description }, facts, source, [])
    const t = chars(titleWithSuffix(filled.title, site))
    const d = chars(filled.description)
    return t >= TITLE.min && t <= TITLE.max && d >= DESCRIPTION.min && d <= DESCRIPTION.max
  }
}

/**
 * The page text with the first title and description that pass the site's rules; `errorsOf`
 * gives the errors the check finds in the page with a text (the site's other files as they are).
 */
function bestPage(
  options: ScaffoldOptions,
  wording: Wording,
  slug: string,
  errorsOf: (text: string) => Problem[],
): { text: string; problems: Problem[] } {
  const { titles, descriptions } = wording
  const pairs = titles.flatMap((title) => descriptions.map((description) => ({ title, description })))
  const fits = lengthRules(options.root, options.locale ?? 'en')
  const fitting = pairs.find((p) => fits(p.title, p.description))
  if (fitting) {
    const text = renderPage({ ...options, ...fitting }, slug)
    return { text, problems: errorsOf(text) }
  }
  let best: { text: string; problems: Problem[] } | undefined
  for (const { title, description } of pairs) {
    const text = renderPage({ ...options, title, description }, slug)
    const problems = errorsOf(text)
    const headline = problems.filter((p) => p.path === 'meta.title' || p.path === 'meta.description')
    if (!headline.length) return { text, problems }
    if (!best || problems.length < best.problems.length) best = { text, problems }
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
  // One store for every check below: each reads only what changed since the one before it (a
  // candidate page is checked as a draft in place, the files written are read again).
  const store = new ContentStore(root)
  const before = store.content()
  const locale = checkTranslation(before, kind, options)
  const wording = WORDING[locale]?.[kind]?.(name)
  if (!wording || !existsSync(templateFile(kind, options.locale)))
    throw new ScaffoldError(
      `there is no ${locale} template for a ${kind} page yet: add templates/pages/${locale}/${kind}.yaml and its wording in scripts/new-page.ts`,
    )
  const file = wording.file(slug)
  const address = addressOfFile(file)
  if (existsSync(join(root, file)))
    throw new ScaffoldError(`${file} already exists: edit it instead (or choose another name)`)

  const categories = kind === 'article' ? articleCategories(root) : []
  if (kind === 'article' && options.category && categories.length && !categories.includes(options.category)) {
    throw new ScaffoldError(
      `category "${options.category}" is not one of the /insights categories: ${categories.join(', ')}`,
    )
  }
  if (kind === 'city') {
    const taken = before.pages.find((p) => p.locale === locale && p.meta.city?.toLowerCase() === name.toLowerCase())
    if (taken)
      throw new ScaffoldError(`${taken.path} already declares \`city: ${taken.meta.city}\`: edit that page instead`)
  }
  const { text, problems } = bestPage(
    { ...options, name, category: options.category ?? categories[0] },
    wording,
    slug,
    (draft) => errorsIn(store.withDraft(file, draft).problems, file),
  )
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
    const floridaPage = floridaPageIn(before, locale)
    if (kind === 'city') notes.push(...addToFloridaList(root, name, options.florida !== false, write, floridaPage))
    if (kind === 'service' && !options.locale) notes.push(...addToServices(root, name, address, write))
    if (kind === 'service' && options.locale)
      notes.push(
        `In site.yaml, under locales: ${locale}: services:, add the service's name and summary in this language:`,
        `    ${options.translationOf}: { title: …, summary: … }`,
      )

    store.update(changes.map((c) => c.file))
    const after = store.content()
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
  if (options.locale)
    notes.push(
      `     Once it says what ${options.translationOf} says, run npm run check -- --accept-translation ${file}:`,
      '     a later change to the page it translates is then flagged here.',
    )
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

/** The Florida page of a language: FLORIDA_PAGE itself, or the page translating it. */
function floridaPageIn(content: Content, locale: string): string {
  if (locale === content.locales[0].code) return FLORIDA_PAGE
  const address = content.translations.translationOf(addressOfFile(FLORIDA_PAGE), locale)
  return content.parsed.find((p) => p.address === address)?.file ?? FLORIDA_PAGE
}

/**
 * With `locale`, the language must be one of site.yaml's other than the default, and the page it
 * translates an existing default-language page: returns the locale code of the new page.
 */
function checkTranslation(content: Content, kind: Kind, options: ScaffoldOptions): string {
  const [first, ...others] = content.locales
  if (!options.locale) {
    if (options.translationOf)
      throw new ScaffoldError(
        `--translation-of goes with --locale: the language of the new page (${others.map((l) => l.code).join(', ') || 'none besides the default'})`,
      )
    return first.code
  }
  const locale = others.find((l) => l.code === options.locale)
  if (!locale)
    throw new ScaffoldError(
      `--locale ${options.locale} is not one of site.yaml's other languages (${others.map((l) => l.code).join(', ') || 'none yet: add it under locales:'})`,
    )
  const source = options.translationOf
  const example = kind === 'city' ? '/naples-security-services' : '/services/k9-security'
  if (!source)
    throw new ScaffoldError(
      `a ${locale.name} page translates a page: add --translation-of with its address, e.g. ${example}`,
    )
  if (!content.pages.some((p) => p.path === source) || localeOf(source, content.locales) !== first)
    throw new ScaffoldError(
      `--translation-of ${source}: no ${first.name} page has that address; create it first (npm run new -- ${kind} "…"), then translate it`,
    )
  const existing = content.translations.translationOf(source, locale.code)
  if (existing) throw new ScaffoldError(`${existing} already translates ${source} into ${locale.name}: edit it instead`)
  return locale.code
}

/**
 * Makes sure the Florida page's city list (of the new page's language) names the city, so it links
 * to the new page. The line is inserted as text right after the last city, so the file keeps its comments and
 * layout; the result is parsed again and must differ from the original by exactly that city.
 * Otherwise nothing is changed and the line to add is printed.
 */
export function addToFloridaList(
  root: string,
  city: string,
  edit: boolean,
  write: Write,
  floridaPage = FLORIDA_PAGE,
): string[] {
  const path = join(root, floridaPage)
  if (!existsSync(path)) return [`No ${floridaPage}: no city list to link from.`]
  const original = readFileSync(path, 'utf8')
  const doc = parseDocument(original)
  const blocks = doc.get('blocks')
  // The city list is the block that names `cities:`.
  const index = isSeq(blocks) ? blocks.items.findIndex((b) => isMap(b) && isSeq(b.get('cities', true))) : -1
  const block = isSeq(blocks) ? blocks.items[index] : undefined
  const cities = isMap(block) ? block.get('cities', true) : undefined
  if (!isSeq(cities)) return [`${floridaPage} has no block with \`cities:\`; nothing to link from.`]
  const names = cities.items.map((c) => (isScalar(c) ? String(c.value) : ''))
  if (names.includes(city))
    return [`The Florida page already lists "${city}": it links to the new page on the next build.`]
  const near = names.find((n) => n.toLowerCase() === city.toLowerCase())
  if (near) return [`The Florida page lists "${near}", not "${city}": names must match exactly, so change one of them.`]

  const manual = (why: string) => [
    `${why} Add "${city}" to the Florida page's city list yourself: in ${floridaPage}, under \`cities:\`, add the line`,
    `      - ${city}`,
  ]
  if (!edit) return manual('The Florida page does not list this city yet.')
  const inserted = insertAfterLastItem(original, cities, `- ${city}`)
  const expected = doc.toJS() as { blocks: { cities: string[] }[] }
  expected.blocks[index].cities.push(city)
  if (!inserted || JSON.stringify(parseDocument(inserted.text).toJS()) !== JSON.stringify(expected)) {
    return manual("The Florida page's city list could not be edited safely.")
  }
  write(floridaPage, inserted.text)
  return [
    `Added "${city}" to the Florida page's city list (${floridaPage}, line ${inserted.line}): it links to the new page on the next build.`,
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
      else if (['region', 'category', 'date', 'locale', 'translation-of'].includes(key) && argv[i + 1] !== undefined)
        flags[key] = argv[++i]
      else flags[key] = true
    } else positional.push(arg)
  }
  return { positional, flags }
}

const USAGE = `Usage:
  npm run new -- city "Naples" [--region "Southwest Florida"] [--no-florida]
  npm run new -- service "K9 Security"
  npm run new -- article "Hurricane Season Security" [--category "Events"]
  npm run new -- city "Naples" --locale es --translation-of /naples-security-services
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
      locale: typeof flags.locale === 'string' ? flags.locale : undefined,
      translationOf: typeof flags['translation-of'] === 'string' ? flags['translation-of'] : undefined,
    })
    if (flags['dry-run']) console.log(result.text)
    console.log(result.notes.join('\n'))
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error
    console.error(`npm run new: ${error.message}\n\n${USAGE}`)
    process.exit(1)
  }
}

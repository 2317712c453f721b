// A new page of one of the kinds templates/new-pages.yaml declares, written whole and checked with
// the build's own validation before anything is written: what `npm run new` (scripts/new-page.ts)
// and the page editor's New page both make. A kind that is a place also gets its name added to the
// city list of site.yaml's `places.listedOn` page (so it links to the new page); a service is added
// to site.yaml's catalogue; an article gets a placeholder picture. In another language, the page is
// written from templates/pages/<code>/<kind>.yaml, translating the default-language page
// (meta.translationOf), and a place is added to that language's version of the list page.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { isMap, isScalar, isSeq, parseDocument, type YAMLSeq } from 'yaml'
import { localeOf, siteLocales } from '../content/locales'
import { pageMetaSchema } from '../content/page-meta-schema'
import type { SiteConfig } from '../content/types'
import { ContentStore } from './content-store'
import { chars } from './integrity/context'
import { DESCRIPTION, TITLE } from './integrity/seo'
import type { Content } from './load-content'
import { localeFacts } from './locales'
import { exampleAddress, fillWording, type NewPageKind, readNewPages, slugOf } from './new-pages'
import { factPaths, fillPlaceholders } from './placeholders'
import { formatProblem, type Problem } from './problems'
import { titleWithSuffix } from './title'
import { parseYamlSource } from './yaml-source'

const TEMPLATES = 'templates/pages'

export type ScaffoldOptions = {
  root: string
  /** One of the kinds of templates/new-pages.yaml. */
  kind: string
  name: string
  region?: string
  category?: string
  /** Publication date of an article, YYYY-MM-DD (default: today). */
  date?: string
  /** For a place: add it to the city list of site.yaml's `places.listedOn` when missing (default true). */
  listPlace?: boolean
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
  /** Every file written (the page, and any list, catalogue or picture it was added to). */
  written: string[]
}

export class ScaffoldError extends Error {}

// Letters, digits, spaces and . , ' & - only: names go into YAML and addresses unquoted.
const SAFE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .,'&-]*$/u

/** A kind's page in one language, for one name: its file and the titles and descriptions to try, best first. */
type Wording = { file: string; titles: string[]; descriptions: string[] }
const wordingOf = (spec: NewPageKind, locale: string, name: string): Wording | undefined => {
  const words = spec.locales[locale]
  if (!words) return undefined
  const fill = (text: string) => fillWording(text, { name })
  return {
    file: fillWording(words.file, { slug: slugOf(name) }),
    titles: words.titles.map(fill),
    descriptions: words.descriptions.map(fill),
  }
}

const addressOfFile = (file: string) => `/${file.slice('pages/'.length).replace(/\.ya?ml$/, '')}`

/** Categories offered by the list of articles (the block with `categories:` on the list page), if any. */
function articleCategories(root: string, list: string): string[] {
  const file = join(root, 'pages', `${list === '/' ? 'index' : list.slice(1)}.yaml`)
  if (!existsSync(file)) return []
  const data = parseDocument(readFileSync(file, 'utf8')).toJS() as {
    blocks?: { categories?: string[] }[]
  }
  return data?.blocks?.find((b) => Array.isArray(b.categories))?.categories ?? []
}

function renderPage(
  options: ScaffoldOptions & { title: string; description: string },
  spec: NewPageKind,
  slug: string,
): string {
  const { kind, name } = options
  const template = readFileSync(templateFile(options.root, kind, options.locale), 'utf8')
  const tokens: Record<string, string> = {
    __CITY__: name,
    __NAME__: name,
    __LOWER_NAME__: name.toLowerCase(),
    __KEYWORD__: name.toLowerCase(),
    __SLUG__: slug,
    __REGION__: options.region ?? spec.defaults?.region ?? '',
    __CATEGORY__: options.category ?? spec.defaults?.category ?? '',
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
const templateFile = (root: string, kind: string, locale?: string) =>
  locale ? join(root, TEMPLATES, locale, `${kind}.yaml`) : join(root, TEMPLATES, `${kind}.yaml`)

const errorsIn = (problems: readonly Problem[], file: string) =>
  problems.filter((p) => p.file === file && p.severity === 'error')
const list = (problems: readonly Problem[]) => problems.map((p) => `  ✖ ${formatProblem(p)}`).join('\n')

/**
 * Whether a title and description, their placeholders filled in the page's language, are
 * within the site's length rules (the rules of integrity/seo.ts, measured without loading the
 * whole site for each candidate): site.yaml is read once for all the candidates.
 */
function lengthRules(root: string, locale?: string): (title: string, description: string) => boolean {
  const source = parseYamlSource('site.yaml', readFileSync(join(root, 'site.yaml'), 'utf8'))
  const site = source.data as SiteConfig
  const code = locale ?? siteLocales(site)[0].code
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
  spec: NewPageKind,
  wording: Wording,
  slug: string,
  errorsOf: (text: string) => Problem[],
): { text: string; problems: Problem[] } {
  const { titles, descriptions } = wording
  const pairs = titles.flatMap((title) => descriptions.map((description) => ({ title, description })))
  const fits = lengthRules(options.root, options.locale)
  const fitting = pairs.find((p) => fits(p.title, p.description))
  if (fitting) {
    const text = renderPage({ ...options, ...fitting }, spec, slug)
    return { text, problems: errorsOf(text) }
  }
  let best: { text: string; problems: Problem[] } | undefined
  for (const { title, description } of pairs) {
    const text = renderPage({ ...options, title, description }, spec, slug)
    const problems = errorsOf(text)
    const headline = problems.filter((p) => p.path === 'meta.title' || p.path === 'meta.description')
    if (!headline.length) return { text, problems }
    if (!best || problems.length < best.problems.length) best = { text, problems }
  }
  return best!
}

type Change = { file: string; before: string | undefined }

/** The kind's declaration in templates/new-pages.yaml, and the name cleaned up and checked. */
function kindAndName(options: ScaffoldOptions): { spec: NewPageKind; name: string; slug: string } {
  const { root, kind } = options
  const kinds = readNewPages(root).kinds
  const spec = kinds[kind]
  if (!spec)
    throw new ScaffoldError(
      `unknown kind "${kind}": use one of ${Object.keys(kinds).join(', ') || 'none (templates/new-pages.yaml declares no kinds)'}`,
    )
  const name = options.name.trim().replace(/\s+/g, ' ')
  if (!name) throw new ScaffoldError(`give the ${kind}'s name in quotes, e.g. npm run new -- ${kind} "${spec.example}"`)
  if (!SAFE_NAME.test(name) || name.length > 60) {
    throw new ScaffoldError(
      `"${name}" cannot be used as a name: use letters, digits, spaces and . , ' & - only (at most 60 characters)`,
    )
  }
  const slug = slugOf(name)
  if (!slug) throw new ScaffoldError(`"${name}" gives an empty address: use letters or digits`)
  return { spec, name, slug }
}

/** What the new page will be, checked against the site as it is: nothing is written yet. */
function plan(options: ScaffoldOptions, store: ContentStore) {
  const { root, kind } = options
  const { spec, name, slug } = kindAndName(options)
  const before = store.content()
  const locale = checkTranslation(before, kind, spec, options)
  const wording = wordingOf(spec, locale, name)
  if (!wording || !existsSync(templateFile(root, kind, options.locale)))
    throw new ScaffoldError(
      `there is no ${locale} template for a ${kind} page yet: add ${TEMPLATES}/${options.locale ? `${locale}/` : ''}${kind}.yaml and its wording under kinds: ${kind}: locales: ${locale}: in templates/new-pages.yaml`,
    )
  const { file } = wording
  if (existsSync(join(root, file)))
    throw new ScaffoldError(`${file} already exists: edit it instead (or choose another name)`)
  const categories = spec.articles ? articleCategories(root, spec.articles.list) : []
  if (spec.articles && options.category && categories.length && !categories.includes(options.category)) {
    throw new ScaffoldError(
      `category "${options.category}" is not one of the ${spec.articles.list} categories: ${categories.join(', ')}`,
    )
  }
  if (spec.place) {
    const taken = before.pages.find((p) => p.locale === locale && p.meta.city?.toLowerCase() === name.toLowerCase())
    if (taken)
      throw new ScaffoldError(`${taken.path} already declares \`city: ${taken.meta.city}\`: edit that page instead`)
  }
  const { text, problems } = bestPage(
    { ...options, name, category: options.category ?? categories[0] },
    spec,
    wording,
    slug,
    (draft) => errorsIn(store.withDraft(file, draft).problems, file),
  )
  return { spec, name, slug, before, locale, file, address: addressOfFile(file), text, problems }
}

export function scaffoldPage(options: ScaffoldOptions): ScaffoldResult {
  // One store for every check below: each reads only what changed since the one before it (a
  // candidate page is checked as a draft in place, the files written are read again).
  const store = new ContentStore(options.root)
  const planned = plan(options, store)
  const { file, address, text } = planned
  if (options.dryRun) {
    // Problems such as "no link leads to this page" or a missing picture are what the real run fixes
    // (the list of places, the service catalogue, the placeholder picture), so only others are worth showing.
    const notes = ['(dry run: nothing written)']
    const others = planned.problems.filter((p) => !/no link leads to this page|^no file public\//.test(p.message))
    if (others.length) notes.push('The check would report:', list(others))
    return { file, address, text, notes, written: [] }
  }
  const { notes, written } = writeAll(options, planned, store)
  notes.push(...nextSteps(options, planned))
  return { file, address, text, notes, written }
}

/** Writes the page and what goes with it, checks the site as the build will, and undoes it all if the check fails. */
function writeAll(options: ScaffoldOptions, planned: ReturnType<typeof plan>, store: ContentStore) {
  const { root } = options
  const { spec, name, slug, before, locale, file, address, text } = planned
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
    if (spec.articles) {
      const picture = fillWording(spec.articles.picture.to, { slug })
      if (!existsSync(join(root, picture))) {
        write(picture, readFileSync(join(root, spec.articles.picture.from), 'utf8'))
        notes.push(`Created ${picture}, a placeholder picture for the article card: replace it (1200×675)`)
      }
    }
    if (spec.place)
      notes.push(...addToPlaceList(root, name, options.listPlace !== false, write, placeListIn(before, locale)))
    if (spec.catalogue && !options.locale) notes.push(...addToServices(root, name, address, spec.catalogue, write))
    if (spec.catalogue && options.locale)
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
  return { notes, written: changes.map((c) => c.file) }
}

function nextSteps(options: ScaffoldOptions, { spec, name, file, address }: ReturnType<typeof plan>): string[] {
  const notes = ['', 'Next:']
  notes.push(`  1. Open ${file} and rewrite the lines marked EDIT${spec.place ? ` so they are about ${name}` : ''}.`)
  if (spec.articles)
    notes.push(
      '     To publish the full text: write the body as prose blocks and set `status: full` (see docs/blocks.md#prose).',
    )
  if (spec.catalogue)
    notes.push('     In site.yaml, give its entry under `services:` a better summary and icon (docs/blocks.md#icons).')
  notes.push(`  2. Preview: npm run dev, then open http://localhost:5173${address}`)
  notes.push('  3. Check: npm run check (lists every problem with file:line and how to fix it)')
  if (options.locale)
    notes.push(
      `     Once it says what ${options.translationOf} says, run npm run check -- --accept-translation ${file}:`,
      '     a later change to the page it translates is then flagged here.',
    )
  notes.push('  4. Publish: npm run build, then deploy dist/ (see docs/marketers.md)')
  return notes
}

type Write = (file: string, content: string) => void

/**
 * The file of the page listing the places (site.yaml's `places.listedOn`) in a language: that page
 * itself, or the page translating it; undefined when site.yaml names none.
 */
function placeListIn(content: Content, locale: string): string | undefined {
  const listedOn = content.site?.places?.listedOn
  if (!listedOn) return undefined
  const address = locale === content.locales[0].code ? listedOn : content.translations.translationOf(listedOn, locale)
  return address && (content.parsed.find((p) => p.address === address)?.file ?? `pages${address}.yaml`)
}

/**
 * With `locale`, the language must be one of site.yaml's other than the default, and the page it
 * translates an existing default-language page: returns the locale code of the new page.
 */
function checkTranslation(content: Content, kind: string, spec: NewPageKind, options: ScaffoldOptions): string {
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
  const sourceAddress = exampleAddress(spec, first.code)
  const example = sourceAddress ? `, e.g. ${sourceAddress}` : ''
  if (!source)
    throw new ScaffoldError(`a ${locale.name} page translates a page: add --translation-of with its address${example}`)
  if (!content.pages.some((p) => p.path === source) || localeOf(source, content.locales) !== first)
    throw new ScaffoldError(
      `--translation-of ${source}: no ${first.name} page has that address; create it first (npm run new -- ${kind} "…"), then translate it`,
    )
  const existing = content.translations.translationOf(source, locale.code)
  if (existing) throw new ScaffoldError(`${existing} already translates ${source} into ${locale.name}: edit it instead`)
  return locale.code
}

/**
 * Makes sure the city list of the page listing the places (in the new page's language) names the
 * place, so it links to the new page. The line is inserted as text right after the last name, so
 * the file keeps its comments and layout; the result is parsed again and must differ from the
 * original by exactly that name. Otherwise nothing is changed and the line to add is printed.
 */
export function addToPlaceList(
  root: string,
  place: string,
  edit: boolean,
  write: Write,
  listFile: string | undefined,
): string[] {
  if (!listFile) return ['site.yaml names no `places: listedOn:` page, so no city list links to the new page.']
  const path = join(root, listFile)
  if (!existsSync(path)) return [`No ${listFile}: no city list to link from.`]
  const original = readFileSync(path, 'utf8')
  const doc = parseDocument(original)
  const blocks = doc.get('blocks')
  // The city list is the block that names `cities:`.
  const index = isSeq(blocks) ? blocks.items.findIndex((b) => isMap(b) && isSeq(b.get('cities', true))) : -1
  const block = isSeq(blocks) ? blocks.items[index] : undefined
  const cities = isMap(block) ? block.get('cities', true) : undefined
  if (!isSeq(cities)) return [`${listFile} has no block with \`cities:\`; nothing to link from.`]
  const names = cities.items.map((c) => (isScalar(c) ? String(c.value) : ''))
  if (names.includes(place))
    return [`${listFile} already lists "${place}": it links to the new page on the next build.`]
  const near = names.find((n) => n.toLowerCase() === place.toLowerCase())
  if (near) return [`${listFile} lists "${near}", not "${place}": names must match exactly, so change one of them.`]

  const manual = (why: string) => [
    `${why} Add "${place}" to its city list yourself: in ${listFile}, under \`cities:\`, add the line`,
    `      - ${place}`,
  ]
  if (!edit) return manual(`${listFile} does not list "${place}" yet.`)
  const inserted = insertAfterLastItem(original, cities, `- ${place}`)
  const expected = doc.toJS() as { blocks: { cities: string[] }[] }
  expected.blocks[index].cities.push(place)
  if (!inserted || JSON.stringify(parseDocument(inserted.text).toJS()) !== JSON.stringify(expected)) {
    return manual(`The city list of ${listFile} could not be edited safely.`)
  }
  write(listFile, inserted.text)
  return [
    `Added "${place}" to the city list of ${listFile} (line ${inserted.line}): it links to the new page on the next build.`,
  ]
}

/** Adds the service to site.yaml's catalogue (menu, services page, related cards), the same careful way. */
export function addToServices(
  root: string,
  name: string,
  address: string,
  catalogue: NonNullable<NewPageKind['catalogue']>,
  write: Write,
): string[] {
  const path = join(root, 'site.yaml')
  const original = readFileSync(path, 'utf8')
  const doc = parseDocument(original)
  const services = doc.get('services', true)
  const entry = { title: name, href: address, icon: catalogue.icon, summary: fillWording(catalogue.summary, { name }) }
  const lines = [
    `- title: ${entry.title}`,
    `  href: ${entry.href}`,
    `  icon: ${entry.icon} # EDIT · see docs/blocks.md#icons`,
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

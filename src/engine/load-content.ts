// YAML -> validated, resolved content. Reads site.yaml and pages/**, reports every problem
// of every file with file:line:col, and produces the data the router and prerenderer use.
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { SiteIndex, SlotSpec } from '../blocks/define'
import type { BlockType, PageData } from '../blocks/types'
import { addressOf, PAGE_PATH } from '../content/addresses'
import { localeOf, type SiteLocale, siteLocales } from '../content/locales'
import { heroImageOf, type ImageCatalogue, type Picture, photoCardOf, withBuiltImages } from '../content/picture'
import { siteSchema } from '../content/site-schema'
import type { Redirect, RouteManifest, SiteConfig } from '../content/types'
import { blockTypes, definitionOf, schemaWithSlots, slotsOf } from './blocks'
import { breadcrumbsFor } from './breadcrumbs'
import { checkIntegrity } from './integrity'
import { linksOfPage, type QuotableFact } from './integrity/context'
import { imagesOfPage } from './integrity/images'
import { quotableFacts, repeatedFactsIn } from './integrity/repeated-facts'
import { hasWords, localeFacts, localizeSite } from './locales'
import { blockSchemaWithType, pageSchemaWith } from './page-schema'
import type { ParsedPage, RawPage } from './parsed-page'
import { factPaths, fillPlaceholders } from './placeholders'
import type { PathSegment, Problem } from './problems'
import { pageHeading, postSummary, resolveBlock } from './resolve-blocks'
import { suggest } from './suggest'
import { titleWithSuffix } from './title'
import { pairTranslations, type Translations } from './translations'
import { validateAt } from './validator'
import { problemAt, type YamlSource } from './yaml-source'

export type Content = {
  /** site.yaml as written: the default language's words. */
  site: SiteConfig | undefined
  /** The site's languages, the default first. */
  locales: SiteLocale[]
  /** site.yaml in each language (locale code -> site), once site.yaml is valid. */
  sites: ReadonlyMap<string, SiteConfig>
  /** Which pages translate which (meta.translationOf). */
  translations: Translations
  pages: PageData[]
  manifest: RouteManifest
  /** site.yaml's redirects, then each page's own aliases (a city page's short address). */
  redirects: Redirect[]
  problems: Problem[]
  /** Every YAML file read, relative to the root (for watching). */
  files: string[]
  /** The pages that passed their schema, with their sources (for checks of the rendered HTML). */
  parsed: ParsedPage[]
}

// Shape first (meta, a list of typed blocks); each block is then checked against its own
// schema, so an unknown type gets one clear message instead of a wall of oneOf errors.
const pageShapeSchema = pageSchemaWith({ type: 'object', required: ['type'], properties: { type: { type: 'string' } } })

// A slot's entries are only shapes here: each is checked against its own type's schema.
const typedBlockSchemas = Object.fromEntries(
  blockTypes.map((type) => [
    type,
    blockSchemaWithType(
      type,
      schemaWithSlots(type, () => ({ type: 'string' })),
    ),
  ]),
) as Record<BlockType, object>

export function listPageFiles(root: string): string[] {
  const dir = join(root, 'pages')
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (/\.ya?ml$/.test(name)) out.push(relative(root, full).split('\\').join('/'))
    }
  }
  walk(dir)
  return out
}

export type LoadOptions = {
  /**
   * Pages that exist only in memory (the development block catalogue), or that stand in for a
   * file's text on disk (the page editor's unsaved draft), as YAML text.
   */
  extraPages?: { file: string; text: string }[]
  /** Run the cross-file checks (links, redirects, SEO, accessibility); default true. */
  integrity?: boolean
}

/** site.yaml, read: its facts, and the site once it is valid. */
export type SiteEntry = {
  source: YamlSource
  facts: Map<string, string>
  site: SiteConfig | undefined
  locales: SiteLocale[]
  problems: Problem[]
  /** The quotable facts in each language, found once per version of site.yaml. */
  quotable: Map<string, QuotableFact[]>
}

export function readSite(source: YamlSource): SiteEntry {
  // Placeholders are filled first (the site may refer to its own facts), so validation sees
  // the text visitors will see.
  const problems: Problem[] = [...source.syntaxProblems]
  const facts = factPaths(source)
  let site: SiteConfig | undefined
  if (source.data !== undefined) {
    const filled = fillPlaceholders(source.data, facts, source, problems)
    const siteProblems = validateAt(source, siteSchema, filled)
    problems.push(...siteProblems)
    if (!siteProblems.length) site = filled as SiteConfig
  }
  const locales = site ? siteLocales(site) : localesWrittenIn(source.data)
  return { source, facts, site, locales, problems, quotable: quotableFacts(source, locales) }
}

/**
 * One page file, read on its own: what it says (placeholders filled, defaults applied), the
 * problems it has by itself, and what the checks across pages need of it (its links, the
 * facts it writes by hand). It depends on nothing but its text and site.yaml, so it is kept
 * for as long as both are unchanged.
 */
export type PageEntry = {
  file: string
  /** Its address, unless its name cannot be one. */
  address?: string
  /** Its own problems: its name, YAML syntax, placeholders, schema. */
  problems: Problem[]
  /** Set when it passed its schema. */
  parsed?: ParsedPage
}

export function readPage(file: string, source: YamlSource, siteEntry: SiteEntry): PageEntry {
  if (!PAGE_PATH.test(file)) {
    return {
      file,
      problems: [
        {
          file,
          line: 1,
          col: 1,
          path: '',
          severity: 'error',
          message: `file and folder names become addresses: use lowercase letters, digits and dashes (e.g. naples-security-services.yaml)`,
        },
      ],
    }
  }
  const address = addressOf(file.slice('pages/'.length))
  const problems: Problem[] = [...source.syntaxProblems]
  if (source.data === undefined) return { file, address, problems }
  const { facts, locales } = siteEntry
  const locale = localeOf(address, locales)
  const isDefault = locale === locales[0]
  const untranslated = (name: string) => {
    const value = facts.get(name) ?? ''
    if (isDefault || facts.has(`locales.${locale.code}.${name}`) || !/^(claims\.|company\.description$)/.test(name))
      return undefined
    if (!hasWords(value)) return undefined
    return `{{${name}}} reads "${value}", in ${locales[0].name}: word it in ${locale.name} in site.yaml, under \`locales: ${locale.code}: ${name.replace(/\./g, ': ')}:\` (the same figures), and this page shows it in its language`
  }
  const filled = fillPlaceholders(
    source.data,
    localeFacts(facts, locale.code, isDefault),
    source,
    problems,
    untranslated,
  )
  const pageProblems = validatePage(source, filled)
  problems.push(...pageProblems)
  if (pageProblems.length) return { file, address, problems }
  const parsed: ParsedPage = { file, address, source, raw: filled as RawPage }
  parsed.links = linksOfPage(parsed)
  parsed.images = imagesOfPage(parsed)
  parsed.repeatedFacts = repeatedFactsIn(source, siteEntry.quotable.get(locale.code) ?? [])
  return { file, address, problems, parsed }
}

/**
 * Everything across pages, from the files read: translation pairs, each language's index
 * (city pages, articles), the blocks resolved against it, breadcrumbs, the route manifest
 * and, unless `integrity` is false, the checks across files. Reads no file.
 */
export function assembleContent(
  siteEntry: SiteEntry,
  entries: readonly PageEntry[],
  options: {
    root: string
    integrity?: boolean
    files: string[]
    only?: string
    focus?: string
    /** What the build made of the image files: each page's image fields are completed with it. */
    images?: ImageCatalogue
  },
): Content {
  const { site, locales, source: siteSource } = siteEntry
  const { parsed, problems } = claimAddresses(entries)
  problems.unshift(...siteEntry.problems)
  // Cross-page data, per language: a page's blocks see its language's site.yaml, city pages
  // and articles; its breadcrumbs start at its language's home.
  const translations = pairTranslations(parsed, locales)
  const byAddress = new Map(parsed.map((p) => [p.address, p]))
  const sites = new Map(
    site ? locales.map((l) => [l.code, localizeSite(site, l, (a) => translations.translationOf(a, l.code))]) : [],
  )
  const indexes = siteIndexes(sites, locales, parsed, (address, code) =>
    code === locales[0].code
      ? byAddress.has(address)
        ? address
        : undefined
      : translations.translationOf(address, code),
  )
  // `only`: the one page wanted (the editor's preview of a draft), its blocks resolved against
  // the whole site's index; the others are left unresolved and out of `pages`.
  const wanted = (page: ParsedPage) => options.only === undefined || page.file === options.only
  for (const page of parsed) {
    const index = indexes.get(localeOf(page.address, locales).code)
    if (index && wanted(page))
      page.blocks = page.raw.blocks.flatMap((b, i) => {
        const block = resolveBlock(b, { page: { path: page.address, meta: page.raw.meta }, index })
        return block ? [{ block, index: i }] : []
      })
  }
  // Without a valid site.yaml nothing can be resolved; its problems are already reported.
  const pages: PageData[] = site
    ? parsed.filter(wanted).map((page) => pageDataOf(page, locales, sites, translations, byAddress, options.images))
    : []

  // What a schema cannot see: links, redirects, duplicates, SEO and accessibility rules across files.
  if (site && options.integrity !== false && options.only === undefined)
    problems.push(
      ...checkIntegrity({
        site,
        siteSource,
        pages: parsed,
        root: options.root,
        pageAddresses: entries.flatMap((e) => (e.address === undefined ? [] : [e.address])),
        quotable: siteEntry.quotable,
        focus: options.focus,
      }),
    )
  const manifest = routeManifest(pages, byAddress.has('/'))
  const redirects = redirectsOf(site, pages)
  return { site, locales, sites, translations, pages, manifest, redirects, problems, files: options.files, parsed }
}

/** The pages in their files' order, each address to its first file; every file's own problems. */
function claimAddresses(entries: readonly PageEntry[]): { parsed: ParsedPage[]; problems: Problem[] } {
  const problems: Problem[] = []
  const parsed: ParsedPage[] = []
  const owners = new Map<string, string>()
  for (const entry of entries) {
    const { file, address } = entry
    const owner = address === undefined ? undefined : owners.get(address)
    if (address !== undefined && owner) {
      problems.push({
        file,
        line: 1,
        col: 1,
        path: '',
        severity: 'error',
        message: `two files claim the address ${address}: this one and ${owner}; rename or remove one`,
      })
      continue
    }
    if (address !== undefined) owners.set(address, file)
    problems.push(...entry.problems)
    // A copy: the blocks resolved later belong to one content, not to the entry kept for the next.
    if (entry.parsed) parsed.push({ ...entry.parsed, blocks: undefined })
  }
  return { parsed, problems }
}

/** Each language's index: its site.yaml, its places' pages, its articles (newest first). */
function siteIndexes(
  sites: ReadonlyMap<string, SiteConfig>,
  locales: readonly SiteLocale[],
  parsed: readonly ParsedPage[],
  equivalentIn: (address: string, code: string) => string | undefined,
): Map<string, SiteIndex> {
  return new Map(
    [...sites].map(([code, localized]) => {
      const inLocale = parsed.filter((p) => localeOf(p.address, locales).code === code)
      const places = new Map<string, string>()
      for (const page of inLocale) if (page.raw.meta.city) places.set(page.raw.meta.city, page.address)
      // Another language also lists the default language's articles it has no translation of
      // yet, in their own language (`lang`), so its list never has fewer articles than the default's.
      const fallback = locales[0].code
      const untranslated =
        code === fallback
          ? []
          : parsed.filter(
              (p) => localeOf(p.address, locales).code === fallback && equivalentIn(p.address, code) === undefined,
            )
      const summary = (p: ParsedPage, site: SiteConfig) =>
        postSummary(p.address, p.raw.meta, pageHeading(p.raw.blocks, p.raw.meta), site)
      const posts = [
        ...inLocale.map((p) => summary(p, localized)),
        ...untranslated.map((p) => {
          const post = summary(p, sites.get(fallback) ?? localized)
          return post && { ...post, lang: fallback }
        }),
      ]
        .filter((p) => p !== undefined)
        .sort((a, b) => b.date.localeCompare(a.date))
      const equivalentOf = (address: string) => equivalentIn(address, code)
      return [code, { locale: code, site: localized, places, posts, equivalentOf }]
    }),
  )
}

/** What the browser gets of a page: its meta with the title's suffix, resolved blocks, breadcrumbs, versions. */
function pageDataOf(
  { address, raw, blocks }: ParsedPage,
  locales: readonly SiteLocale[],
  sites: ReadonlyMap<string, SiteConfig>,
  translations: Translations,
  byAddress: ReadonlyMap<string, ParsedPage>,
  images?: ImageCatalogue,
): PageData {
  const locale = localeOf(address, locales)
  const localized = sites.get(locale.code)!
  const { translationOf: _pair, sourceHash: _hash, ...meta } = raw.meta
  const labels = {
    home: localized.texts.breadcrumbs.home,
    pageLabel: (a: string) => byAddress.get(a)?.raw.meta.breadcrumb,
    segmentLabel: (segment: string) => localized.breadcrumbLabels?.[segment],
  }
  const shown = withBuiltImages(
    (blocks ?? []).map((b) => b.block),
    images,
  )
  // A hero photo the build made variants of is also the page's sharing card (cut around its focus).
  const heroPhoto = heroImageOf(shown) as Picture | undefined
  const ogImage = meta.ogImage ?? (heroPhoto?.built?.sources ? photoCardOf(address) : undefined)
  return {
    path: address,
    meta: { ...meta, title: titleWithSuffix(raw.meta.title, localized), ...(ogImage ? { ogImage } : {}) },
    blocks: shown,
    breadcrumbs: breadcrumbsFor(address, locale.home, (a) => byAddress.has(a), labels),
    locale: locale.code,
    translations: translations.versionsOf(address).filter((v) => v.path !== address),
  }
}

/** The routes' folders. */
function routeManifest(pages: readonly PageData[], hasHome: boolean): RouteManifest {
  const folders = [
    ...new Set(pages.filter((p) => p.path !== '/').map((p) => p.path.split('/').slice(1, -1).join('/'))),
  ].sort()
  return { folders, hasHome }
}

/** The redirects: site.yaml's, then each page's own aliases (a city page's short address). */
function redirectsOf(site: SiteConfig | undefined, pages: readonly PageData[]): Redirect[] {
  return [
    ...(site?.redirects.map((r) => ({ from: r.from, to: r.to })) ?? []),
    ...pages.flatMap((p) => (p.meta.aliases ?? []).map((from) => ({ from, to: p.path }))),
  ]
}

/** The languages site.yaml names, when it is not valid as a whole (its problems are reported). */
function localesWrittenIn(data: unknown): SiteLocale[] {
  const written = (data as { locales?: unknown } | undefined)?.locales
  const codes = written && typeof written === 'object' ? Object.keys(written) : []
  return (codes.length ? codes : ['en']).map((code, i) => ({
    code,
    name: code,
    ogLocale: '',
    home: i === 0 ? '/' : `/${code}`,
  }))
}

function validatePage(source: YamlSource, data: unknown): Problem[] {
  const shapeProblems = validateAt(source, pageShapeSchema, data)
  const blocks = Array.isArray((data as { blocks?: unknown })?.blocks) ? (data as { blocks: unknown[] }).blocks : []
  return [...shapeProblems, ...validateBlocks(source, blocks, ['blocks'])]
}

/** Where a list of blocks is: the page's `blocks:`, or a slot of a block (and whether a form holds it). */
type BlockList = { at: PathSegment[]; slot?: { owner: string; name: string; spec: SlotSpec }; inForm?: string }

/** Each block of a list against its own type's schema, then the blocks in its slots, depth first. */
function validateBlocks(
  source: YamlSource,
  blocks: readonly unknown[],
  at: PathSegment[],
  list: Omit<BlockList, 'at'> = {},
): Problem[] {
  return blocks.flatMap((block: unknown, i: number): Problem[] => {
    const type = (block as { type?: unknown })?.type
    if (typeof type !== 'string') return [] // reported by the shape check
    const here = [...at, i]
    const misplaced = misplacedBlock(type, { at: here, ...list })
    if (misplaced) return [problemAt(source, [...here, 'type'], misplaced)]
    const problems = validateAt(source, typedBlockSchemas[type as BlockType], block, here)
    const inForm = list.inForm ?? (definitionOf(type as BlockType).rendersForm ? type : undefined)
    for (const [name, spec] of Object.entries(slotsOf(type))) {
      const inner = (block as Record<string, unknown>)[name]
      if (Array.isArray(inner))
        problems.push(...validateBlocks(source, inner, [...here, name], { slot: { owner: type, name, spec }, inForm }))
    }
    return problems
  })
}

/** Why a block of this type cannot be where it is (unknown, not taken by its slot, a form in a form), if so. */
export function misplacedBlock(type: string, { slot, inForm }: BlockList): string | undefined {
  if (!(type in typedBlockSchemas)) {
    const near = suggest(type, slot ? [...slot.spec.types] : blockTypes)
    return `unknown block type "${type}"; ${near ? `did you mean "${near}"? ` : ''}known types: ${blockTypes.join(', ')}`
  }
  if (slot && !slot.spec.types.includes(type))
    return `a ${type} block cannot go in the ${slot.owner} block's \`${slot.name}\` slot, which holds ${slot.spec.types.join(' or ')}: move it to the page's \`blocks:\` or use one of those`
  if (inForm && definitionOf(type as BlockType).rendersForm)
    return `a ${type} block inside a ${inForm} block would put a form inside a form, which browsers cannot send: move one of them out`
  return undefined
}

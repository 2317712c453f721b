// YAML -> validated, resolved content. Reads site.yaml and pages/**, reports every problem
// of every file with file:line:col, and produces the data the router and prerenderer use.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { SiteIndex } from '../blocks/define'
import type { Block, BlockType, PageData } from '../blocks/types'
import { addressOf, PAGE_FILE } from '../content/addresses'
import { siteSchema } from '../content/site-schema'
import type { RouteManifest, SiteConfig } from '../content/types'
import { blockSchemas, blockTypes } from './blocks'
import { breadcrumbsFor } from './breadcrumbs'
import { checkIntegrity } from './integrity'
import { blockSchemaWithType, pageSchemaWith } from './page-schema'
import { factPaths, fillPlaceholders } from './placeholders'
import type { Problem } from './problems'
import { pageHeading, postSummary, resolveBlock } from './resolve-blocks'
import { suggest } from './suggest'
import { titleWithSuffix } from './title'
import { validateAt } from './validator'
import { parseYamlSource, problemAt, type YamlSource } from './yaml-source'

export type Content = {
  site: SiteConfig | undefined
  pages: PageData[]
  manifest: RouteManifest
  problems: Problem[]
  /** Every YAML file read, relative to the root (for watching). */
  files: string[]
  /** The pages that passed their schema, with their sources (for checks of the rendered HTML). */
  parsed: ParsedPage[]
}

// Shape first (meta, a list of typed blocks); each block is then checked against its own
// schema, so an unknown type gets one clear message instead of a wall of oneOf errors.
const pageShapeSchema = pageSchemaWith({ type: 'object', required: ['type'], properties: { type: { type: 'string' } } })

const typedBlockSchemas = Object.fromEntries(
  blockTypes.map((type) => [type, blockSchemaWithType(type, blockSchemas[type])]),
) as Record<BlockType, object>

export type RawPage = { meta: PageData['meta']; blocks: Block[] }
export type ParsedPage = {
  file: string
  address: string
  source: YamlSource
  /** As written, placeholders filled and schema defaults applied. */
  raw: RawPage
  /**
   * The blocks as the browser receives them (resolved at build time), each with its index in
   * the YAML (resolving drops a block left with nothing to show); set once the site is valid.
   */
  blocks?: { block: Block; index: number }[]
}

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
  /** Pages that exist only in memory (e.g. the development block catalogue), as YAML text. */
  extraPages?: { file: string; text: string }[]
  /** Run the cross-file checks (links, redirects, SEO, accessibility); default true. */
  integrity?: boolean
}

export function loadContent(root: string, options: LoadOptions = {}): Content {
  const problems: Problem[] = []
  const extra = new Map((options.extraPages ?? []).map((p) => [p.file, p.text]))
  const read = (file: string) => parseYamlSource(file, extra.get(file) ?? readFileSync(join(root, file), 'utf8'))

  // site.yaml: placeholders are filled first (the site may refer to its own facts), so
  // validation sees the text visitors will see.
  const siteSource = read('site.yaml')
  problems.push(...siteSource.syntaxProblems)
  const facts = factPaths(siteSource)
  let site: SiteConfig | undefined
  if (siteSource.data !== undefined) {
    const filled = fillPlaceholders(siteSource.data, facts, siteSource, problems)
    const siteProblems = validateAt(siteSource, siteSchema, filled)
    problems.push(...siteProblems)
    if (!siteProblems.length) site = filled as SiteConfig
  }

  // pages/**
  const files = [...listPageFiles(root), ...extra.keys()]
  const parsed: ParsedPage[] = []
  const owners = new Map<string, string>()
  for (const file of files) {
    const name = file.split('/').pop()!
    const source = read(file)
    if (
      !PAGE_FILE.test(name) ||
      file
        .split('/')
        .slice(1, -1)
        .some((d) => !/^[a-z0-9][a-z0-9-]*$/.test(d))
    ) {
      problems.push({
        file,
        line: 1,
        col: 1,
        path: '',
        severity: 'error',
        message: `file and folder names become addresses: use lowercase letters, digits and dashes (e.g. naples-security-services.yaml)`,
      })
      continue
    }
    const address = addressOf(file.slice('pages/'.length))
    const owner = owners.get(address)
    if (owner) {
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
    owners.set(address, file)
    problems.push(...source.syntaxProblems)
    if (source.data === undefined) continue
    const filled = fillPlaceholders(source.data, facts, source, problems)
    const pageProblems = validatePage(source, filled)
    problems.push(...pageProblems)
    if (!pageProblems.length) parsed.push({ file, address, source, raw: filled as RawPage })
  }

  // Placeholders, cross-page data, breadcrumbs.
  const cityPages = new Map<string, string>()
  for (const page of parsed) if (page.raw.meta.city) cityPages.set(page.raw.meta.city, page.address)
  const posts = site
    ? parsed
        .map((p) => postSummary(p.address, p.raw.meta, pageHeading(p.raw.blocks, p.raw.meta), site!))
        .filter((p) => p !== undefined)
        .sort((a, b) => b.date.localeCompare(a.date))
    : []
  const byAddress = new Map(parsed.map((p) => [p.address, p]))
  const labels = {
    pageLabel: (address: string) => byAddress.get(address)?.raw.meta.breadcrumb,
    segmentLabel: (segment: string) => site?.breadcrumbLabels?.[segment],
  }
  // Without a valid site.yaml nothing can be resolved; its problems are already reported.
  const index: SiteIndex | undefined = site ? { site, cityPages, posts } : undefined
  if (index)
    for (const page of parsed)
      page.blocks = page.raw.blocks.flatMap((b, i) => {
        const block = resolveBlock(b, { page: { path: page.address, meta: page.raw.meta }, index })
        return block ? [{ block, index: i }] : []
      })
  const pages: PageData[] = index
    ? parsed.map(({ address, raw, blocks }) => ({
        path: address,
        meta: { ...raw.meta, title: titleWithSuffix(raw.meta.title, index.site) },
        blocks: (blocks ?? []).map((b) => b.block),
        breadcrumbs: breadcrumbsFor(address, (a) => byAddress.has(a), labels),
      }))
    : []

  // What a schema cannot see: links, redirects, duplicates, SEO and accessibility rules across files.
  if (site && options.integrity !== false) problems.push(...checkIntegrity({ site, siteSource, pages: parsed, root }))

  const folders = [
    ...new Set(pages.filter((p) => p.path !== '/').map((p) => p.path.split('/').slice(1, -1).join('/'))),
  ].sort()
  const manifest: RouteManifest = {
    folders,
    hasHome: byAddress.has('/'),
    // site.yaml's redirects, then each page's own aliases (a city page's short address).
    redirects: [
      ...(site?.redirects.map((r) => ({ from: r.from, to: r.to })) ?? []),
      ...pages.flatMap((p) => (p.meta.aliases ?? []).map((from) => ({ from, to: p.path }))),
    ],
  }
  return { site, pages, manifest, problems, files: ['site.yaml', ...files.filter((f) => !extra.has(f))], parsed }
}

function validatePage(source: YamlSource, data: unknown): Problem[] {
  const shapeProblems = validateAt(source, pageShapeSchema, data)
  const blocks = Array.isArray((data as { blocks?: unknown })?.blocks) ? (data as { blocks: unknown[] }).blocks : []
  const blockProblems = blocks.flatMap((block: unknown, i: number): Problem[] => {
    const type = (block as { type?: unknown })?.type
    if (typeof type !== 'string') return [] // reported by the shape check
    if (!(type in typedBlockSchemas)) {
      const near = suggest(type, blockTypes)
      return [
        problemAt(
          source,
          ['blocks', i, 'type'],
          `unknown block type "${type}"; ${near ? `did you mean "${near}"? ` : ''}known types: ${blockTypes.join(', ')}`,
        ),
      ]
    }
    return validateAt(source, typedBlockSchemas[type as BlockType], block, ['blocks', i])
  })
  return [...shapeProblems, ...blockProblems]
}

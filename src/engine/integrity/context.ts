// What every integrity check needs to know about the whole site: which addresses are pages,
// which are redirects, and every internal link with the place in the YAML where it is written.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { addressOf, PAGE_FILE } from '../../content/addresses'
import { localeOf, type SiteLocale, siteLocales } from '../../content/locales'
import type { SiteConfig } from '../../content/types'
import { linkFields } from '../blocks'
import type { Link, ParsedPage } from '../parsed-page'
import type { PathSegment } from '../problems'
import { pairTranslations, type Translations } from '../translations'
import type { YamlSource } from '../yaml-source'

export type IntegrityInput = {
  site: SiteConfig
  siteSource: YamlSource
  /** Every page that passed its schema, with placeholders filled. */
  pages: ParsedPage[]
  /**
   * The project root. With it, links to a page whose file exists but failed its schema are
   * not reported again (its own problems are), and images are looked up in its public/.
   * Without it, images are looked up in the working directory's public/.
   */
  root?: string
  /**
   * The address of every page file, valid or not (the content store knows them); without it,
   * they are listed from root/pages.
   */
  pageAddresses?: readonly string[]
  /**
   * The file being edited (the page editor's draft): a clash between it and another page (the
   * same title, description or city) is reported at it, where its author can see and fix it.
   */
  focus?: string
  /** site.yaml's quotable facts per language, when already found (repeated-facts.ts). */
  quotable?: ReadonlyMap<string, QuotableFact[]>
}

/** A fact of site.yaml a page may quote (repeated-facts.ts): where it is, its words, the pattern that finds them. */
export type QuotableFact = { path: string; value: string; pattern: RegExp }

export type Redirect = { from: string; to: string; index: number }

export type Context = IntegrityInput & {
  publicDir: string
  pageByAddress: Map<string, ParsedPage>
  /** Addresses of page files that did not pass their schema (reported already, so skipped). */
  invalidAddresses: Set<string>
  /** First declaration of each redirect source. */
  redirects: Map<string, Redirect>
  siteLinks: Link[]
  pageLinks: Link[]
  /** The site's languages, the default first. */
  locales: SiteLocale[]
  /** The language of an address (of a page, or of a link's target). */
  localeOf(address: string): SiteLocale
  /** Which pages translate which (meta.translationOf). */
  translations: Translations
}

/** The address a link leads to: its path without #fragment or ?query. */
export const addressOfLink = (href: string) => href.replace(/[?#].*$/, '') || '/'

/** Internal links: site addresses, not tel:, mailto:, https:, #anchor or //host. */
export const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//')

/** Every link field holding an internal link under `data`, found by walking it generically. */
/**
 * `tellDefaults: false` skips telling a written link from a block's default (which reads the
 * file's YAML): for following links, not for reporting them.
 */
export function collectLinks(
  data: unknown,
  path: PathSegment[],
  source: YamlSource,
  page?: ParsedPage,
  { tellDefaults = true } = {},
): Link[] {
  const out: Link[] = []
  const walk = (value: unknown, at: PathSegment[]) => {
    if (Array.isArray(value))
      value.forEach((v, i) => {
        walk(v, [...at, i])
      })
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (linkFields.has(key) && typeof v === 'string') {
          if (isInternal(v)) {
            // A block's default (filled in by the validator) is a link the YAML does not write:
            // it is reported at the block, naming the field to set.
            const implicit = !tellDefaults || source.has([...at, key]) ? undefined : key
            const path = implicit ? at : [...at, key]
            out.push({ source, path, href: v, address: addressOfLink(v), page, implicit, followable: true })
          }
        } else if (linkFields.has(key) && v && typeof v === 'object' && !Array.isArray(v)) {
          // A map of links (e.g. city name -> address), as resolvers produce.
          for (const [name, href] of Object.entries(v))
            if (typeof href === 'string' && isInternal(href))
              out.push({ source, path: [...at, key, name], href, address: addressOfLink(href), page, followable: true })
        } else walk(v, [...at, key])
      }
    }
  }
  walk(data, path)
  return out
}

/** The internal links a page writes: found once per version of its file (load-content's readPage). */
export function linksOfPage(page: ParsedPage): Link[] {
  if (page.links) return page.links
  const links = collectLinks(page.raw.blocks, ['blocks'], page.source, page)
  const canonical = page.raw.meta.canonical
  if (canonical && isInternal(canonical))
    links.push({
      source: page.source,
      path: ['meta', 'canonical'],
      href: canonical,
      address: addressOfLink(canonical),
      page,
      followable: false,
    })
  return links
}

export function buildContext(input: IntegrityInput): Context {
  const redirects = new Map<string, Redirect>()
  input.site.redirects.forEach((r, index) => {
    if (!redirects.has(r.from)) redirects.set(r.from, { from: r.from, to: r.to, index })
  })
  const pageByAddress = new Map(input.pages.map((p) => [p.address, p]))
  const locales = siteLocales(input.site)
  return {
    ...input,
    publicDir: join(input.root ?? process.cwd(), 'public'),
    pageByAddress,
    invalidAddresses: new Set(
      (input.pageAddresses ?? (input.root ? pageAddresses(input.root) : [])).filter((a) => !pageByAddress.has(a)),
    ),
    redirects,
    // Everything in site.yaml is walked: nav, footer, services, relatedLinks (social links are https:).
    siteLinks: collectLinks(input.site, [], input.siteSource),
    pageLinks: input.pages.flatMap(linksOfPage),
    locales,
    localeOf: (address) => localeOf(address, locales),
    translations: pairTranslations(input.pages, locales),
  }
}

/**
 * Where an address ends up: itself when it is a page (or a page file that failed its
 * schema), else the page its redirects lead to
 * (however many hops: chains are reported on the redirects themselves), else undefined.
 */
export function finalPage(ctx: Context, address: string): string | undefined {
  const seen = new Set<string>()
  let at = address
  while (!ctx.pageByAddress.has(at) && !ctx.invalidAddresses.has(at)) {
    const r = ctx.redirects.get(at)
    if (!r || seen.has(at)) return undefined
    seen.add(at)
    at = r.to
  }
  return at
}

/** "site.yaml:12" — a place to name in a message. */
export const lineOf = (source: YamlSource, path: PathSegment[]) => `${source.file}:${source.locate(path).line}`

/** The file that would hold a page at `address`. */
export const fileFor = (address: string) => (address === '/' ? 'pages/index.yaml' : `pages${address}.yaml`)

export const chars = (s: string) => [...s].length

/** The address of every page file under root/pages, valid or not. */
function pageAddresses(root: string): string[] {
  const out: string[] = []
  const walk = (dir: string, rel: string) => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    for (const name of names) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) walk(full, `${rel}${name}/`)
      else if (PAGE_FILE.test(name)) out.push(addressOf(rel + name))
    }
  }
  walk(join(root, 'pages'), '')
  return out
}

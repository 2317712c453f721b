// The content as a graph kept in memory and updated by file (as Astro's content layer keeps
// its entries): each YAML file is one entry, keyed by its path and the digest of its text and
// of site.yaml, read, validated and searched for its links once per version. Everything across
// pages (translation pairs, each language's index, resolved blocks, the checks across files) is
// assembled from the entries, reading no file. A change to one file reads that file again and
// nothing else; a draft (the page editor's) stands in for its file without being stored.
//
// Entries are also kept across processes under .cache/content (content-cache.ts), keyed by the
// same digests and the engine's own code, so `npm run check` and the build start warm.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ImageCatalogue } from '../content/picture'
import { type ContentCache, openContentCache } from './content-cache'
import {
  assembleContent,
  type Content,
  type LoadOptions,
  listPageFiles,
  type PageEntry,
  readPage,
  readSite,
  type SiteEntry,
} from './load-content'
import { cachedYamlSource, parseYamlSource } from './yaml-source'

export type StoreOptions = {
  /** Pages that exist only in memory (the block catalogue), as YAML text. */
  extraPages?: { file: string; text: string }[]
  /** Keep and reuse entries under .cache/content (check, build); default false. */
  diskCache?: boolean
  /** The build cache's folder for `diskCache` (default: BUILD_CACHE_DIR, or .cache/). */
  cacheDir?: string
}

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex')

type Stored<T> = { digest: string; entry: T }

export class ContentStore {
  private site: Stored<SiteEntry> | undefined
  private pages = new Map<string, Stored<PageEntry>>()
  private extra: Map<string, string>
  private disk: ContentCache | undefined
  private assembled = new Map<string, Content>()
  private images: ImageCatalogue | undefined
  /** How many files were read and checked anew (not taken from memory or the disk cache). */
  readonly stats = { read: 0, checked: 0, fromDisk: 0 }

  constructor(
    readonly root: string,
    options: StoreOptions = {},
  ) {
    this.extra = new Map((options.extraPages ?? []).map((p) => [p.file, p.text]))
    if (options.diskCache) this.disk = openContentCache(root, options.cacheDir)
  }

  /** Whether the store reads this file (site.yaml or a page under pages/). */
  static isContentFile(file: string): boolean {
    return file === 'site.yaml' || (file.startsWith('pages/') && /\.ya?ml$/.test(file))
  }

  /** The content: every file is read at the first call, and afterwards as `update` says. */
  content(options: { integrity?: boolean } = {}): Content {
    if (!this.site) this.readAll()
    const key = String(options.integrity !== false)
    let content = this.assembled.get(key)
    if (!content) {
      content = this.assemble(
        this.site!.entry,
        [...this.pages.values()].map((p) => p.entry),
        options,
      )
      this.assembled.set(key, content)
    }
    return content
  }

  /** The build's images (real sizes, variants): from now on the pages' image fields are completed with them. */
  setImages(images: ImageCatalogue) {
    this.images = images
    this.assembled.clear()
  }

  /** Keeps the entries read since the store opened under .cache/content, for the next run. */
  save() {
    this.disk?.save()
  }

  /** Reads every file again, keeping the entries of those whose text is unchanged. */
  refresh(): boolean {
    const before = this.site && [this.site.digest, ...[...this.pages].map(([f, p]) => `${f}:${p.digest}`)].join()
    this.readAll()
    const after = [this.site!.digest, ...[...this.pages].map(([f, p]) => `${f}:${p.digest}`)].join()
    if (before === after) return false
    this.assembled.clear()
    return true
  }

  /** Reads these files again (changed, added or removed); returns whether anything changed. */
  update(files: readonly string[]): boolean {
    if (!this.site) return this.refresh()
    let changed = false
    for (const file of files) {
      // Every page is read with site.yaml's facts: a new site.yaml checks them all again.
      if (file === 'site.yaml') {
        changed = this.refresh() || changed
        continue
      }
      if (!ContentStore.isContentFile(file)) continue
      const text = this.textOf(file)
      const before = this.pages.get(file)?.digest
      if (text === undefined) {
        changed ||= this.pages.delete(file)
        continue
      }
      const stored = this.readPageEntry(file, text)
      if (stored.digest === before) continue
      changed = true
      // A new file takes its place in the files' order.
      if (before === undefined)
        this.pages = new Map([...this.pages, [file, stored] as const].sort(([a], [b]) => order(a, b)))
      else this.pages.set(file, stored)
    }
    if (changed) this.assembled.clear()
    return changed
  }

  /**
   * The content with `text` in place of `file`'s (the page editor's draft); nothing is stored.
   * `alone`: only that page is resolved and in `pages` (a preview), without the checks across pages.
   */
  withDraft(file: string, text: string, options: { integrity?: boolean; alone?: boolean } = {}): Content {
    if (!this.site) this.readAll()
    // Not kept in the disk cache: a draft changes at every keystroke.
    const draft = this.entryOf(file, text, undefined, { keep: false })
    const entries = [...this.pages.values()].map((p) => p.entry)
    const at = entries.findIndex((e) => e.file === file)
    if (at >= 0) entries[at] = draft
    else {
      entries.push(draft)
      entries.sort((a, b) => order(a.file, b.file))
    }
    return this.assemble(this.site!.entry, entries, { ...options, only: options.alone ? file : undefined, focus: file })
  }

  private assemble(
    site: SiteEntry,
    entries: PageEntry[],
    options: { integrity?: boolean; only?: string; focus?: string },
  ): Content {
    return assembleContent(site, entries, {
      root: this.root,
      integrity: options.integrity,
      only: options.only,
      focus: options.focus,
      images: this.images,
      files: ['site.yaml', ...entries.map((e) => e.file).filter((f) => !this.extra.has(f))],
    })
  }

  private readAll() {
    const siteText = this.textOf('site.yaml') ?? ''
    const siteDigest = digestOf(siteText)
    if (this.site?.digest !== siteDigest) {
      this.site = { digest: siteDigest, entry: readSite(parseYamlSource('site.yaml', siteText)) }
    }
    const files = [...new Set([...listPageFiles(this.root), ...this.extra.keys()])]
    const pages = new Map<string, Stored<PageEntry>>()
    for (const file of files) pages.set(file, this.readPageEntry(file, this.textOf(file) ?? ''))
    this.pages = pages
  }

  private readPageEntry(file: string, text: string): Stored<PageEntry> {
    // A page's entry depends on its text and on site.yaml (its facts and languages).
    const digest = digestOf(`${this.site!.digest}\n${file}\n${text}`)
    const known = this.pages.get(file)
    if (known?.digest === digest) return known
    return { digest, entry: this.entryOf(file, text, digest) }
  }

  private entryOf(
    file: string,
    text: string,
    digest = digestOf(`${this.site!.digest}\n${file}\n${text}`),
    { keep = true } = {},
  ) {
    const cached = this.disk?.get(digest)
    if (cached) {
      this.stats.fromDisk++
      return cached.revive(cachedYamlSource(file, text, cached.data, cached.syntaxProblems))
    }
    this.stats.checked++
    const entry = readPage(file, parseYamlSource(file, text), this.site!.entry)
    if (keep) this.disk?.set(digest, entry)
    return entry
  }

  private textOf(file: string): string | undefined {
    const extra = this.extra.get(file)
    if (extra !== undefined) return extra
    const full = join(this.root, file)
    if (!existsSync(full)) return undefined
    this.stats.read++
    return readFileSync(full, 'utf8')
  }
}

/** Files in the order listPageFiles gives them (a folder's files by name, depth first). */
function order(a: string, b: string): number {
  const pa = a.split('/')
  const pb = b.split('/')
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue
    return pa[i] < pb[i] ? -1 : 1
  }
  return pa.length - pb.length
}

/** Reads and checks every YAML file of `root` (a store used once). */
export function loadContent(root: string, options: LoadOptions = {}): Content {
  return new ContentStore(root, { extraPages: options.extraPages }).content({ integrity: options.integrity })
}

const SHARED = Symbol.for('site-content:stores')
const processWide = globalThis as { [SHARED]?: Map<string, ContentStore> }

/**
 * One store per root and set of in-memory pages for the whole process: a development server that
 * loads its config afresh (a restart) and the plugin's users in one test run read the files once
 * between them. (A site build hands the plugin the store it read itself.)
 */
export function sharedContentStore(root: string, options: StoreOptions = {}): ContentStore {
  processWide[SHARED] ??= new Map()
  const stores = processWide[SHARED]
  const key = JSON.stringify([
    root,
    options.extraPages?.map((p) => p.file) ?? [],
    !!options.diskCache,
    options.cacheDir,
  ])
  const store = stores.get(key) ?? new ContentStore(root, options)
  stores.set(key, store)
  return store
}

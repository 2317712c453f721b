// The content store's entries kept across processes, in .cache/content/entries.json: a page
// file's entry (its data, its own problems, its links, the facts it writes by hand) under the
// digest of its text and site.yaml's, in a file made for one version of the engine's code (a
// changed schema or check starts it afresh). The file carries its own checksum: a corrupt or
// partly written cache is dropped and every entry made again, never used.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { writeFileAtomically } from './atomic-file'
import { ENGINE_ROOT } from './engine-root'
import type { PageEntry } from './load-content'
import type { ImageRef, Link, ParsedPage, RawPage } from './parsed-page'
import type { PathSegment, Problem } from './problems'
import type { YamlSource } from './yaml-source'

type StoredLink = Pick<Link, 'href' | 'address' | 'implicit' | 'followable'> & { path: PathSegment[] }
type StoredEntry = {
  address?: string
  problems: Problem[]
  data: unknown
  syntaxProblems: Problem[]
  parsed?: { raw: RawPage; links: StoredLink[]; repeatedFacts: Problem[]; images: Omit<ImageRef, 'source'>[] }
}

export type CachedEntry = {
  data: unknown
  syntaxProblems: Problem[]
  /** The entry, its source being `source` (whose text has this digest). */
  revive(source: YamlSource): PageEntry
}

export type ContentCache = {
  get(digest: string): CachedEntry | undefined
  set(digest: string, entry: PageEntry): void
  /** Writes the entries used since opening, if any was new or some went unused. */
  save(): void
}

/** What the entries are made by: the engine's code (and common/), the packages and the build's settings… */
const ENGINE_CODE = ['src', 'common', 'package-lock.json', 'vite.config.ts', 'index.html']
/** …and the site's forms. */
const SITE_CODE = ['forms']
const versions = new Map<string, string>()

/** A digest of the code the content is read and rendered with (once per process and root). */
export function codeVersion(root: string): string {
  const known = versions.get(root)
  if (known) return known
  const hash = createHash('sha256')
  const visit = (path: string, from = root) => {
    const full = join(from, path)
    let stat: ReturnType<typeof statSync>
    try {
      stat = statSync(full)
    } catch {
      return
    }
    if (stat.isDirectory()) for (const name of readdirSync(full).sort()) visit(join(path, name), from)
    else
      hash
        .update(`${relative(from, full)}\0`)
        .update(readFileSync(full))
        .update('\0')
  }
  for (const path of ENGINE_CODE) visit(path, ENGINE_ROOT)
  for (const path of SITE_CODE) visit(path)
  const version = hash.digest('hex')
  versions.set(root, version)
  return version
}

/** After the code changed in a running process (the editor's dev server). */
export const forgetCodeVersion = (root: string) => versions.delete(root)

/** BUILD_CACHE_DIR (a path of its own, or relative to the project), or .cache/ in the project. */
export const buildCacheDir = (root: string) => resolve(root, process.env.BUILD_CACHE_DIR || '.cache')
/** The content's folder in the build cache (`buildCache`, default buildCacheDir's). */
export const cacheDir = (root: string, buildCache = buildCacheDir(root)) => join(buildCache, 'content')

/**
 * Values by key in one JSON file made for one `version`, with its checksum on the first line:
 * a file of another version, or corrupt, or partly written, is read as empty. `save` writes
 * the values used since opening (so keys no longer asked for go), atomically.
 */
export function openJsonCache<T>(file: string, version: string) {
  const stored = readJson<T>(file, version)
  const used = new Map<string, T>()
  let dirty = false
  return {
    get(key: string): T | undefined {
      const value = stored.get(key) ?? used.get(key)
      if (value !== undefined) used.set(key, value)
      return value
    },
    set(key: string, value: T) {
      used.set(key, value)
      dirty = true
    },
    save() {
      if (!dirty && used.size === stored.size) return
      const json = JSON.stringify({ version, values: Object.fromEntries(used) })
      const checksum = createHash('sha256').update(json).digest('hex')
      mkdirSync(dirname(file), { recursive: true })
      writeFileAtomically(file, `${checksum}\n${json}`)
      dirty = false
      stored.clear()
      for (const [key, value] of used) stored.set(key, value)
    },
  }
}

function readJson<T>(file: string, version: string): Map<string, T> {
  try {
    const text = readFileSync(file, 'utf8')
    const newline = text.indexOf('\n')
    const json = text.slice(newline + 1)
    if (createHash('sha256').update(json).digest('hex') !== text.slice(0, newline)) return new Map()
    const parsed = JSON.parse(json) as { version: string; values: Record<string, T> }
    return parsed.version === version ? new Map(Object.entries(parsed.values)) : new Map()
  } catch {
    return new Map()
  }
}

export function openContentCache(root: string, buildCache?: string): ContentCache {
  const cache = openJsonCache<StoredEntry>(join(cacheDir(root, buildCache), 'entries.json'), codeVersion(root))
  return {
    get(digest) {
      const entry = cache.get(digest)
      return (
        entry && { data: entry.data, syntaxProblems: entry.syntaxProblems, revive: (source) => revive(entry, source) }
      )
    },
    set: (digest, entry) => cache.set(digest, toStored(entry)),
    save: cache.save,
  }
}

function toStored(entry: PageEntry): StoredEntry {
  const { parsed } = entry
  return {
    address: entry.address,
    problems: entry.problems,
    data: parsed?.source.data,
    syntaxProblems: entry.problems.filter((p) => p.message.startsWith('YAML syntax:')),
    parsed: parsed && {
      raw: parsed.raw,
      links: (parsed.links ?? []).map(({ path, href, address, implicit, followable }) => ({
        path,
        href,
        address,
        implicit,
        followable,
      })),
      repeatedFacts: parsed.repeatedFacts ?? [],
      images: (parsed.images ?? []).map(({ path, src, alt }) => ({ path, src, alt })),
    },
  }
}

function revive(stored: StoredEntry, source: YamlSource): PageEntry {
  const { address, problems } = stored
  const file = source.file
  if (!stored.parsed || address === undefined) return { file, address, problems }
  const page: ParsedPage = {
    file,
    address,
    source,
    raw: stored.parsed.raw,
    repeatedFacts: stored.parsed.repeatedFacts,
  }
  page.links = stored.parsed.links.map((l) => ({ ...l, source, page }))
  page.images = stored.parsed.images.map((i) => ({ ...i, source }))
  return { file, address, problems, parsed: page }
}

/**
 * The heading levels of rendered blocks (integrity/headings.ts), kept across runs. What a block
 * renders depends on the code and on site.yaml (its texts), so both make the version.
 */
export function openHeadingLevelsCache(root: string, buildCache?: string) {
  const site = createHash('sha256')
    .update(readFileSync(join(root, 'site.yaml')))
    .digest('hex')
  return openJsonCache<number[][]>(
    join(cacheDir(root, buildCache), 'heading-levels.json'),
    `${codeVersion(root)}:${site}`,
  )
}

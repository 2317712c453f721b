// The engine's Vite plugin: reads and validates the YAML at build and dev time, exposes
// site.yaml and the route manifest as `virtual:site`, serves (dev) or emits (build) one data
// file per page and per redirected address, and reports YAML problems as build failures or in
// the dev overlay (every problem of every file, each with the YAML lines around it:
// problem-report.ts). In development only, it also serves the block catalogue at /_blocks
// (block-catalogue.ts). The block registries are regenerated from the folders first
// (block-registry.ts). It also writes the layout icons' sprite into index.html (icon-sprite.ts).
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Logger, Plugin, ResolvedConfig, Rollup, ViteDevServer } from 'vite'
import type { PageData } from '../blocks/types'
import { dataUrlOf } from '../content/addresses'
import { browserSite } from '../content/browser-site'
import { searchIndexUrl } from '../content/search-options'
import type { RedirectData } from '../content/types'
import {
  blockCatalogueYaml,
  CATALOGUE_FILE,
  catalogueWarning,
  loadSiteContent,
  siteContentStore,
} from '../engine/block-catalogue'
import { BLOCKS_DIR, writeBlockRegistries } from '../engine/block-registry'
import type { ContentStore } from '../engine/content-store'
import { ENGINE_ROOT } from '../engine/engine-root'
import { layoutIconSprite } from '../engine/icon-sprite'
import type { Content } from '../engine/load-content'
import { overlayError, problemsWithSnippets } from '../engine/problem-report'
import { formatProblems, hasErrors, type Problem } from '../engine/problems'
import { buildSearchIndex } from '../engine/search-index'

const VIRTUAL_ID = 'virtual:site'
const RESOLVED_ID = '\0virtual:site'
/** How long after a save the checks across pages run in development (see contentWatcher). */
const CHECKS_AFTER_MS = 300
/** How long after a save with errors the file is read again before they are shown (see contentWatcher). */
const SETTLE_MS = 150

export type SiteContentOptions = {
  /**
   * The warnings already said. Each Vite build (client, server) and each dev environment starts
   * the plugin, and a warning is said once: a site build passes one set to all its Vite builds.
   */
  saidWarnings?: Set<string>
  /** The build cache's folder, where the content store keeps its entries (default: BUILD_CACHE_DIR or .cache/). */
  cacheDir?: string
  /** The site's folder (site.yaml, pages/); default Vite's root. */
  siteRoot?: string
  /** The site build's content store, which it read first: each Vite build reads again only the files changed since. */
  store?: ContentStore
}

type FileEvent = 'change' | 'add' | 'unlink'

/** The site as the plugin holds it: its store, the content last read from it, and where it is. */
class SiteState {
  root = process.cwd()
  serving = false
  logger: Logger | undefined
  store: ContentStore | undefined
  content!: Content
  catalogueProblems: Problem[] = []

  constructor(readonly options: SiteContentOptions) {}

  configure(config: ResolvedConfig) {
    this.root = this.options.siteRoot ?? config.root
    this.serving = config.command === 'serve'
    this.logger = config.logger
  }

  /** The store, opened once: each build reads the files again, but checks only those whose text changed. */
  openStore(): ContentStore {
    this.store ??= this.options.store ?? siteContentStore(this.root, this.serving, this.options.cacheDir)
    return this.store
  }

  reload(options: { integrity?: boolean } = {}) {
    ;({ content: this.content, catalogueProblems: this.catalogueProblems } = loadSiteContent(
      this.openStore(),
      this.serving,
      options,
    ))
  }

  textOf = (file: string) =>
    file === CATALOGUE_FILE ? blockCatalogueYaml() : readFileSync(join(this.root, file), 'utf8')

  relativePath = (file: string) => relative(this.root, file).split('\\').join('/')

  isContentFile(file: string) {
    const rel = this.relativePath(file)
    return rel === 'site.yaml' || (rel.startsWith('pages/') && /\.ya?ml$/.test(rel))
  }
}

export function siteContent(options: SiteContentOptions = {}): Plugin {
  const site = new SiteState(options)
  const saidWarnings = options.saidWarnings ?? new Set<string>()
  return {
    name: 'site-content',
    enforce: 'pre',
    // Each other language's site.yaml chunk is named after it: assets/site-es-<hash>.js.
    config: () => ({ build: { rollupOptions: { output: { chunkFileNames: siteChunkFileName } } } }),
    configResolved: (config) => site.configure(config),
    async buildStart() {
      await startContent(this, site, saidWarnings)
    },
    // The layout icons' sprite, in every page's HTML (dev and build) before the app's root.
    transformIndexHtml(html) {
      if (!html.includes('<body>')) throw new Error('index.html has no <body> for the icon sprite')
      return html.replace('<body>', () => `<body>${layoutIconSprite()}`)
    },
    // virtual:site is the default language's site.yaml for the browser; virtual:site/<code>
    // each other language's, a chunk of its own (assets/site-<code>-<hash>.js) that only that
    // language's pages load.
    resolveId: (id) => (id === VIRTUAL_ID || id.startsWith(`${VIRTUAL_ID}/`) ? `\0${id}` : undefined),
    load: (id) => (id.startsWith(RESOLVED_ID) ? siteModule(site.content, id.slice(RESOLVED_ID.length + 1)) : undefined),
    configureServer: (server) => serveContent(server, site),
    generateBundle() {
      if (this.environment?.name === 'client') emitSiteData(this, site.content)
    },
  }
}

const siteChunkFileName = (chunk: { facadeModuleId: string | null }) =>
  chunk.facadeModuleId?.startsWith(`${RESOLVED_ID}/`)
    ? `assets/site-${chunk.facadeModuleId.slice(RESOLVED_ID.length + 1)}-[hash].js`
    : 'assets/[name]-[hash].js'

/** A build's or dev environment's start: the registries, the content read again, its problems said. */
async function startContent(
  context: Pick<Rollup.PluginContext, 'warn' | 'error' | 'addWatchFile'>,
  site: SiteState,
  saidWarnings: Set<string>,
) {
  const { root, serving, logger } = site
  // A new block folder is a new block: the registries follow the folders.
  for (const file of await writeBlockRegistries(ENGINE_ROOT)) logger?.info(`Block registry rewritten: ${file}`)
  if (!serving) site.openStore().refresh()
  site.reload()
  const { content, catalogueProblems } = site
  for (const file of content.files) context.addWatchFile(join(root, file))
  const fresh = content.problems.filter((x) => x.severity === 'warning' && !saidWarnings.has(formatProblems([x])))
  for (const p of fresh) saidWarnings.add(formatProblems([p]))
  if (fresh.length) context.warn(formatProblems(fresh))
  if (serving) {
    // The dev server still starts: the overlay shows the problems until they are fixed.
    if (hasErrors(content.problems))
      logger?.error(problemsWithSnippets(content.problems, site.textOf), { timestamp: true })
    if (catalogueProblems.length) context.warn(catalogueWarning(catalogueProblems))
    return
  }
  if (hasErrors(content.problems)) {
    const first = content.problems.find((p) => p.severity === 'error')!
    // No stack: where the plugin failed is of no use to whoever edits the YAML.
    context.error({
      message: problemsWithSnippets(content.problems, site.textOf),
      id: join(root, first.file),
      stack: '',
    })
  }
}

/** The code of `virtual:site` (`code` empty) or of `virtual:site/<code>`. */
function siteModule(content: Content, code: string): string {
  const siteIn = (code: string) => {
    const localized = content.sites.get(code)
    const locale = content.locales.find((l) => l.code === code)
    return JSON.stringify(localized && locale && browserSite(localized, locale))
  }
  if (code) return `export const site = ${siteIn(code)};\n`
  const [first, ...others] = content.locales
  const loaders = others.map(
    (l) => `${JSON.stringify(l.code)}: () => import(${JSON.stringify(`${VIRTUAL_ID}/${l.code}`)})`,
  )
  return [
    `export const site = ${siteIn(first.code)};`,
    `export const locales = ${JSON.stringify(content.locales)};`,
    `export const otherSites = {${loaders.join(', ')}};`,
    `export const manifest = ${JSON.stringify(content.manifest)};`,
    '',
  ].join('\n')
}

/** The development server: the content follows the files, and /_data/ and the search indexes are served. */
function serveContent(server: ViteDevServer, site: SiteState) {
  const { root } = site
  server.watcher.add([join(root, 'site.yaml'), join(root, 'pages')])
  const onFileEvent = contentWatcher(server, site)
  const onBlockFolderEvent = (file: string) => {
    if (relative(ENGINE_ROOT, file).split('\\').join('/').startsWith(`${BLOCKS_DIR}/`))
      writeBlockRegistries(ENGINE_ROOT).catch((error: Error) => server.config.logger.error(error.message))
  }
  server.watcher.on('add', onBlockFolderEvent)
  server.watcher.on('unlink', onBlockFolderEvent)
  server.watcher.on('change', onFileEvent('change'))
  server.watcher.on('add', onFileEvent('add'))
  server.watcher.on('unlink', onFileEvent('unlink'))
  // A browser opened (or reloaded) while the YAML is broken sees the overlay at once.
  server.ws.on('connection', () => {
    if (site.content && hasErrors(site.content.problems)) showOverlay(server, site)
  })
  server.middlewares.use((req, res, next) => {
    const url = (req.url ?? '').split('?')[0]
    const { content } = site
    const searched = content.locales.find((l) => url === searchIndexUrl(l.home))
    if (searched) {
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      res.end(buildSearchIndex(content.pages.filter((p) => p.locale === searched.code)))
      return
    }
    if (!url.startsWith('/_data/')) return next()
    const data = dataFiles(content).find(([address]) => dataUrlOf(address) === url)?.[1]
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.setHeader('Cache-Control', 'no-store')
    if (!data) {
      res.statusCode = 404
      res.end('{"error":"not found"}')
      return
    }
    res.end(JSON.stringify(data))
  })
}

/**
 * What a saved content file does in development. It is read again on its own; the pages' data
 * follows at once, and the checks across pages (links, orphans, duplicates…) a moment later,
 * once the open page has fetched its new data (at a thousand pages they take a quarter of a
 * second, which the page would otherwise wait for), in the overlay if they fail.
 */
function contentWatcher(server: ViteDevServer, site: SiteState) {
  let fullCheck: ReturnType<typeof setTimeout> | undefined
  let hadErrors = false
  // What the open pages were last given (site.yaml and the manifest they run on), from the
  // first save on.
  let served: string | undefined
  // A file saved with errors is read again a moment later before they are shown: an editor
  // that saves in place empties the file, then writes it, and a read in between (a busy
  // machine) found an empty page, whose overlay and full reload then replaced the page in
  // place. The write's own change event, or the read again, finds the whole file.
  let settling: ReturnType<typeof setTimeout> | undefined
  const servedNow = () => JSON.stringify([site.content.site, site.content.manifest])
  const afterErrors = () => {
    hadErrors = true
    site.reload()
    showProblems(server, site)
  }
  const pagesChanged = (event: FileEvent) => {
    const now = servedNow()
    // After an error the overlay stays until a reload; the fix deserves a fresh page.
    if (now !== served || event !== 'change' || hadErrors) reloadPages(server)
    else server.ws.send({ type: 'custom', event: 'site:pages-changed', data: {} })
    served = now
    fullCheck = setTimeout(() => {
      site.reload()
      hadErrors = hasErrors(site.content.problems)
      if (hadErrors) showProblems(server, site)
    }, CHECKS_AFTER_MS)
  }
  const settled = (event: FileEvent) => (hasErrors(site.content.problems) ? afterErrors() : pagesChanged(event))
  return (event: FileEvent) => (file: string) => {
    if (!site.isContentFile(file)) return
    const changed = site.relativePath(file)
    if (served === undefined) {
      served = servedNow()
      hadErrors = hasErrors(site.content.problems)
    }
    if (!site.openStore().update([changed]) && !settling) return
    clearTimeout(settling)
    settling = undefined
    clearTimeout(fullCheck)
    site.reload({ integrity: false })
    if (!hasErrors(site.content.problems) || hadErrors) return settled(event)
    settling = setTimeout(() => {
      settling = undefined
      site.openStore().update([changed])
      site.reload({ integrity: false })
      settled(event)
    }, SETTLE_MS)
  }
}

/** Every open page loads again, with `virtual:site` made afresh. */
function reloadPages(server: ViteDevServer) {
  for (const [id, mod] of server.moduleGraph.idToModuleMap)
    if (id.startsWith(RESOLVED_ID)) server.moduleGraph.invalidateModule(mod)
  server.ws.send({ type: 'full-reload' })
}

function showProblems(server: ViteDevServer, site: SiteState) {
  server.config.logger.error(problemsWithSnippets(site.content.problems, site.textOf), { timestamp: true })
  showOverlay(server, site)
}

function showOverlay(server: ViteDevServer, site: SiteState) {
  server.ws.send({ type: 'error', err: overlayError(site.root, site.content.problems, site.textOf) })
}

/** The build's data files: each page's and redirect's /_data/ file, and one search index per language. */
function emitSiteData(context: Pick<Rollup.PluginContext, 'emitFile'>, content: Content) {
  for (const [address, data] of dataFiles(content))
    context.emitFile({ type: 'asset', fileName: dataUrlOf(address).slice(1), source: JSON.stringify(data) })
  // One index per language: a search on a Spanish page finds Spanish pages.
  for (const locale of content.locales)
    context.emitFile({
      type: 'asset',
      fileName: searchIndexUrl(locale.home).slice(1),
      source: buildSearchIndex(content.pages.filter((p) => p.locale === locale.code)),
    })
}

/** What /_data/ holds, by address: each page's data, and where each redirected address leads. */
function dataFiles(content: Content): [string, PageData | RedirectData][] {
  return [
    ...content.pages.map((page): [string, PageData] => [page.path, page]),
    ...content.redirects.map(({ from, to }): [string, RedirectData] => [from, { redirect: to }]),
  ]
}

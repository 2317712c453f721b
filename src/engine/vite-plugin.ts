// The engine's Vite plugin: reads and validates the YAML at build and dev time, exposes
// site.yaml and the route manifest as `virtual:site`, serves (dev) or emits (build) one data
// file per page and per redirected address, and reports YAML problems as build failures or in
// the dev overlay (every problem of every file, each with the YAML lines around it:
// problem-report.ts). In development only, it also serves the block catalogue at /_blocks
// (block-catalogue.ts). The block registries are regenerated from the folders first
// (block-registry.ts). It also writes the layout icons' sprite into index.html (icon-sprite.ts).
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Logger, Plugin, ViteDevServer } from 'vite'
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
} from './block-catalogue'
import { BLOCKS_DIR, writeBlockRegistries } from './block-registry'
import type { ContentStore } from './content-store'
import { layoutIconSprite } from './icon-sprite'
import type { Content } from './load-content'
import { overlayError, problemsWithSnippets } from './problem-report'
import { formatProblems, hasErrors, type Problem } from './problems'
import { buildSearchIndex } from './search-index'

const VIRTUAL_ID = 'virtual:site'
// Warnings already printed by this process. Kept on globalThis, not in this module: a build
// loads vite.config.ts (and so this module) afresh through Vite's config runner, and
// scripts/build.ts runs two builds (client and server) in one process.
const WARNED = Symbol.for('site-content:warned')
const processWide = globalThis as { [WARNED]?: Set<string> }
processWide[WARNED] ??= new Set()
const warned = processWide[WARNED]
const RESOLVED_ID = '\0virtual:site'
/** How long after a save the checks across pages run in development (see onFileEvent). */
const CHECKS_AFTER_MS = 300
/** How long after a save with errors the file is read again before they are shown (see onFileEvent). */
const SETTLE_MS = 150

export function siteContent(): Plugin {
  let root = process.cwd()
  let serving = false
  let store: ContentStore
  let content: Content
  let catalogueProblems: Problem[] = []
  let logger: Logger | undefined

  const reload = (options: { integrity?: boolean } = {}) =>
    ({ content, catalogueProblems } = loadSiteContent(store, serving, options))
  const textOf = (file: string) =>
    file === CATALOGUE_FILE ? blockCatalogueYaml() : readFileSync(join(root, file), 'utf8')
  const isContentFile = (file: string) => {
    const rel = relative(root, file).split('\\').join('/')
    return rel === 'site.yaml' || (rel.startsWith('pages/') && /\.ya?ml$/.test(rel))
  }

  return {
    name: 'site-content',
    enforce: 'pre',
    // Each other language's site.yaml chunk is named after it: assets/site-es-<hash>.js.
    config: () => ({
      build: {
        rollupOptions: {
          output: {
            chunkFileNames: (chunk: { facadeModuleId: string | null }) =>
              chunk.facadeModuleId?.startsWith(`${RESOLVED_ID}/`)
                ? `assets/site-${chunk.facadeModuleId.slice(RESOLVED_ID.length + 1)}-[hash].js`
                : 'assets/[name]-[hash].js',
          },
        },
      },
    }),
    configResolved(config) {
      root = config.root
      serving = config.command === 'serve'
      logger = config.logger
    },
    buildStart() {
      // A new block folder is a new block: the registries follow the folders.
      for (const file of writeBlockRegistries(root)) logger?.info(`Block registry rewritten: ${file}`)
      // The content is kept in memory for the process: each build reads the files again, but
      // checks again only those whose text changed.
      store ??= siteContentStore(root, serving)
      if (!serving) store.refresh()
      reload()
      for (const file of content.files) this.addWatchFile(join(root, file))
      // Each build (client, server) and dev environment runs this hook: say each warning once.
      const fresh = content.problems.filter((x) => x.severity === 'warning' && !warned.has(formatProblems([x])))
      for (const p of fresh) warned.add(formatProblems([p]))
      if (fresh.length) this.warn(formatProblems(fresh))
      if (serving) {
        // The dev server still starts: the overlay shows the problems until they are fixed.
        if (hasErrors(content.problems))
          logger?.error(problemsWithSnippets(content.problems, textOf), { timestamp: true })
        if (catalogueProblems.length) this.warn(catalogueWarning(catalogueProblems))
        return
      }
      if (hasErrors(content.problems)) {
        const first = content.problems.find((p) => p.severity === 'error')!
        // No stack: where the plugin failed is of no use to whoever edits the YAML.
        this.error({ message: problemsWithSnippets(content.problems, textOf), id: join(root, first.file), stack: '' })
      }
    },
    // The layout icons' sprite, in every page's HTML (dev and build) before the app's root.
    transformIndexHtml(html) {
      if (!html.includes('<body>')) throw new Error('index.html has no <body> for the icon sprite')
      return html.replace('<body>', () => `<body>${layoutIconSprite()}`)
    },
    // virtual:site is the default language's site.yaml for the browser; virtual:site/<code>
    // each other language's, a chunk of its own (assets/site-<code>-<hash>.js) that only that
    // language's pages load.
    resolveId(id) {
      return id === VIRTUAL_ID || id.startsWith(`${VIRTUAL_ID}/`) ? `\0${id}` : undefined
    },
    load(id) {
      if (!id.startsWith(RESOLVED_ID)) return undefined
      const code = id.slice(RESOLVED_ID.length + 1)
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
    },
    configureServer(server) {
      server.watcher.add([join(root, 'site.yaml'), join(root, 'pages')])
      // A saved file is read again on its own; the pages' data follows at once, and the checks
      // across pages (links, orphans, duplicates…) a moment later, once the open page has fetched
      // its new data (at a thousand pages they take a quarter of a second, which the page would
      // otherwise wait for), in the overlay if they fail.
      let fullCheck: ReturnType<typeof setTimeout> | undefined
      let hadErrors = false
      const showProblems = () => {
        server.config.logger.error(problemsWithSnippets(content.problems, textOf), { timestamp: true })
        showOverlay(server, root, content.problems, textOf)
      }
      // What the open pages were last given (site.yaml and the manifest they run on), from the
      // first save on.
      let served: string | undefined
      // A file saved with errors is read again a moment later before they are shown: an editor
      // that saves in place empties the file, then writes it, and a read in between (a busy
      // machine) found an empty page, whose overlay and full reload then replaced the page in
      // place. The write's own change event, or the read again, finds the whole file.
      let settling: ReturnType<typeof setTimeout> | undefined
      const onFileEvent = (event: 'change' | 'add' | 'unlink') => (file: string) => {
        if (!isContentFile(file)) return
        const changed = relative(root, file).split('\\').join('/')
        if (served === undefined) {
          served = JSON.stringify([content.site, content.manifest])
          hadErrors = hasErrors(content.problems)
        }
        if (!store.update([changed]) && !settling) return
        clearTimeout(settling)
        settling = undefined
        clearTimeout(fullCheck)
        reload({ integrity: false })
        if (hasErrors(content.problems) && !hadErrors) {
          settling = setTimeout(() => {
            settling = undefined
            store.update([changed])
            reload({ integrity: false })
            if (hasErrors(content.problems)) afterErrors()
            else pagesChanged(event)
          }, SETTLE_MS)
          return
        }
        if (hasErrors(content.problems)) afterErrors()
        else pagesChanged(event)
      }
      const afterErrors = () => {
        hadErrors = true
        reload()
        showProblems()
      }
      const pagesChanged = (event: 'change' | 'add' | 'unlink') => {
        const now = JSON.stringify([content.site, content.manifest])
        // After an error the overlay stays until a reload; the fix deserves a fresh page.
        if (now !== served || event !== 'change' || hadErrors) {
          for (const [id, mod] of server.moduleGraph.idToModuleMap)
            if (id.startsWith(RESOLVED_ID)) server.moduleGraph.invalidateModule(mod)
          server.ws.send({ type: 'full-reload' })
        } else {
          server.ws.send({ type: 'custom', event: 'site:pages-changed', data: {} })
        }
        served = now
        fullCheck = setTimeout(() => {
          reload()
          hadErrors = hasErrors(content.problems)
          if (hadErrors) showProblems()
        }, CHECKS_AFTER_MS)
      }
      const onBlockFolderEvent = (file: string) => {
        if (relative(root, file).split('\\').join('/').startsWith(`${BLOCKS_DIR}/`)) writeBlockRegistries(root)
      }
      server.watcher.on('add', onBlockFolderEvent)
      server.watcher.on('unlink', onBlockFolderEvent)
      server.watcher.on('change', onFileEvent('change'))
      server.watcher.on('add', onFileEvent('add'))
      server.watcher.on('unlink', onFileEvent('unlink'))
      // A browser opened (or reloaded) while the YAML is broken sees the overlay at once.
      server.ws.on('connection', () => {
        if (content && hasErrors(content.problems)) showOverlay(server, root, content.problems, textOf)
      })

      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0]
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
    },
    generateBundle() {
      if (this.environment?.name !== 'client') return
      for (const [address, data] of dataFiles(content))
        this.emitFile({ type: 'asset', fileName: dataUrlOf(address).slice(1), source: JSON.stringify(data) })
      // One index per language: a search on a Spanish page finds Spanish pages.
      for (const locale of content.locales)
        this.emitFile({
          type: 'asset',
          fileName: searchIndexUrl(locale.home).slice(1),
          source: buildSearchIndex(content.pages.filter((p) => p.locale === locale.code)),
        })
    },
  }
}

/** What /_data/ holds, by address: each page's data, and where each redirected address leads. */
function dataFiles(content: Content): [string, PageData | RedirectData][] {
  return [
    ...content.pages.map((page): [string, PageData] => [page.path, page]),
    ...content.redirects.map(({ from, to }): [string, RedirectData] => [from, { redirect: to }]),
  ]
}

function showOverlay(
  server: ViteDevServer,
  root: string,
  problems: readonly Problem[],
  textOf: (file: string) => string,
) {
  server.ws.send({ type: 'error', err: overlayError(root, problems, textOf) })
}

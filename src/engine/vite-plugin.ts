// The engine's Vite plugin: reads and validates the YAML at build and dev time, exposes
// site.yaml and the route manifest as `virtual:site`, serves (dev) or emits (build) one
// data file per page, and reports YAML problems as build failures or in the dev overlay.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { dataUrlOf } from '../content/addresses'
import { SEARCH_INDEX_URL } from '../content/search-options'
import { loadContent, type Content } from './load-content'
import { formatProblems, hasErrors, type Problem } from './problems'
import { buildSearchIndex } from './search-index'

const VIRTUAL_ID = 'virtual:site'
const RESOLVED_ID = '\0virtual:site'

export function siteContent(): Plugin {
  let root = process.cwd()
  let content: Content

  const reload = () => (content = loadContent(root))
  const isContentFile = (file: string) => {
    const rel = relative(root, file).split('\\').join('/')
    return rel === 'site.yaml' || (rel.startsWith('pages/') && /\.ya?ml$/.test(rel))
  }

  return {
    name: 'site-content',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
    },
    buildStart() {
      reload()
      for (const file of content.files) this.addWatchFile(join(root, file))
      for (const p of content.problems.filter((x) => x.severity === 'warning')) this.warn(formatProblems([p]))
      if (hasErrors(content.problems)) {
        const first = content.problems.find((p) => p.severity === 'error')!
        this.error({ message: formatProblems(content.problems), id: join(root, first.file), loc: { file: join(root, first.file), line: first.line, column: first.col - 1 } })
      }
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined
      return `export const site = ${JSON.stringify(content.site)};\nexport const manifest = ${JSON.stringify(content.manifest)};\n`
    },
    configureServer(server) {
      server.watcher.add([join(root, 'site.yaml'), join(root, 'pages')])
      const onFileEvent = (event: 'change' | 'add' | 'unlink') => (file: string) => {
        if (!isContentFile(file)) return
        const before = JSON.stringify([content.site, content.manifest])
        reload()
        if (hasErrors(content.problems)) {
          showOverlay(server, root, content.problems)
          return
        }
        const after = JSON.stringify([content.site, content.manifest])
        if (before !== after || event !== 'change') {
          const mod = server.moduleGraph.getModuleById(RESOLVED_ID)
          if (mod) server.moduleGraph.invalidateModule(mod)
          server.ws.send({ type: 'full-reload' })
        } else {
          server.ws.send({ type: 'custom', event: 'site:pages-changed', data: {} })
        }
      }
      server.watcher.on('change', onFileEvent('change'))
      server.watcher.on('add', onFileEvent('add'))
      server.watcher.on('unlink', onFileEvent('unlink'))

      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0]
        if (url === SEARCH_INDEX_URL) {
          res.setHeader('Content-Type', 'application/json; charset=utf-8')
          res.end(buildSearchIndex(content.pages))
          return
        }
        if (!url.startsWith('/_data/')) return next()
        const page = content.pages.find((p) => dataUrlOf(p.path) === url)
        res.setHeader('Content-Type', 'application/json; charset=utf-8')
        res.setHeader('Cache-Control', 'no-store')
        if (!page) {
          res.statusCode = 404
          res.end('{"error":"not found"}')
          return
        }
        res.end(JSON.stringify(page))
      })
    },
    generateBundle() {
      if (this.environment?.name !== 'client') return
      for (const page of content.pages) {
        this.emitFile({ type: 'asset', fileName: dataUrlOf(page.path).slice(1), source: JSON.stringify(page) })
      }
      this.emitFile({ type: 'asset', fileName: SEARCH_INDEX_URL.slice(1), source: buildSearchIndex(content.pages) })
    },
  }
}

/** Vite's error overlay, pointed at the first problem, with the YAML lines around it. */
function showOverlay(server: ViteDevServer, root: string, problems: Problem[]) {
  const first = problems.find((p) => p.severity === 'error')!
  const file = join(root, first.file)
  server.ws.send({
    type: 'error',
    err: {
      message: formatProblems(problems),
      stack: '',
      id: file,
      plugin: 'site-content',
      loc: { file, line: first.line, column: first.col },
      frame: codeFrame(readFileSync(file, 'utf8'), first.line, first.col),
    },
  })
}

export function codeFrame(text: string, line: number, col: number, context = 2): string {
  const lines = text.split('\n')
  const from = Math.max(1, line - context)
  const to = Math.min(lines.length, line + context)
  const width = String(to).length
  const out: string[] = []
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1]}`)
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, col - 1))}^`)
  }
  return out.join('\n')
}

// The engine's Vite plugin: reads and validates the YAML at build and dev time, exposes
// site.yaml and the route manifest as `virtual:site`, serves (dev) or emits (build) one
// data file per page, and reports YAML problems as build failures or in the dev overlay
// (every problem of every file, each with the YAML lines around it). In development only,
// it also serves the block catalogue at /_blocks: every block type rendered from its
// schema's first example.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { ErrorPayload, Logger, Plugin, ViteDevServer } from 'vite'
import { stringify } from 'yaml'
import { dataUrlOf } from '../content/addresses'
import { SEARCH_INDEX_URL } from '../content/search-options'
import { BLOCKS_DIR, writeBlockRegistries } from './block-registry'
import { blockSchemas } from './blocks'
import { type Content, loadContent } from './load-content'
import { formatProblem, formatProblems, hasErrors, type Problem } from './problems'
import { buildSearchIndex } from './search-index'

const VIRTUAL_ID = 'virtual:site'
const warned = new Set<string>()
const RESOLVED_ID = '\0virtual:site'

/** The block catalogue's in-memory page file (never on disk) and the address it is served at. */
export const CATALOGUE_FILE = 'pages/blocks-catalogue.yaml'
export const CATALOGUE_ADDRESS = '/_blocks'
const CATALOGUE_TITLE = 'Block catalogue (development only)'

/** The catalogue page as YAML: for every block type, a label and the block's first example. */
export function blockCatalogueYaml(): string {
  const blocks = Object.entries(blockSchemas).flatMap(([type, schema]) => {
    const example = (schema.examples as readonly object[])[0]
    return [
      {
        type: 'prose',
        heading: `${schema.title} (type: ${type})`,
        tone: 'muted',
        content: [
          schema.description,
          `Below: its first schema example. Fields and a YAML example to copy: docs/blocks.md#${type}`,
        ],
      },
      { type, ...example },
    ]
  })
  const page = {
    meta: {
      title: CATALOGUE_TITLE,
      description:
        'Every block type of the site, rendered from the first example in its schema. Served by npm run dev only.',
      breadcrumb: 'Block catalogue',
      noindex: true,
    },
    blocks,
  }
  return `# In memory only: npm run dev serves it at ${CATALOGUE_ADDRESS}; production builds never contain it.\n${stringify(page, { lineWidth: 0 })}`
}

/**
 * The content the plugin works with. In development (`serving`) it includes the block
 * catalogue, moved to its development address (page file names cannot start with `_`). The
 * catalogue's own problems never count as the site's: its several h1 blocks and unlinked page
 * are expected. `catalogueProblems` is set only when it could not be built at all, i.e. when a
 * schema example does not validate.
 */
export function loadSiteContent(root: string, serving: boolean): { content: Content; catalogueProblems: Problem[] } {
  if (!serving) return { content: loadContent(root), catalogueProblems: [] }
  const content = loadContent(root, { extraPages: [{ file: CATALOGUE_FILE, text: blockCatalogueYaml() }] })
  const isCatalogue = (p: Content['pages'][number]) =>
    p.meta.title.startsWith(CATALOGUE_TITLE) && p.meta.noindex === true
  const built = content.pages.some(isCatalogue)
  const pages = content.pages.map((p) =>
    isCatalogue(p)
      ? {
          ...p,
          path: CATALOGUE_ADDRESS,
          breadcrumbs: [
            { label: 'Home', href: '/' },
            { label: 'Block catalogue', href: CATALOGUE_ADDRESS },
          ],
        }
      : p,
  )
  const folders = content.manifest.folders.includes('') ? content.manifest.folders : ['', ...content.manifest.folders]
  return {
    content: {
      ...content,
      pages,
      manifest: { ...content.manifest, folders },
      problems: content.problems.filter((p) => p.file !== CATALOGUE_FILE),
    },
    catalogueProblems: built ? [] : content.problems.filter((p) => p.file === CATALOGUE_FILE && p.severity === 'error'),
  }
}

export function siteContent(): Plugin {
  let root = process.cwd()
  let serving = false
  let content: Content
  let catalogueProblems: Problem[] = []
  let logger: Logger | undefined

  const reload = () => ({ content, catalogueProblems } = loadSiteContent(root, serving))
  const textOf = (file: string) =>
    file === CATALOGUE_FILE ? blockCatalogueYaml() : readFileSync(join(root, file), 'utf8')
  const isContentFile = (file: string) => {
    const rel = relative(root, file).split('\\').join('/')
    return rel === 'site.yaml' || (rel.startsWith('pages/') && /\.ya?ml$/.test(rel))
  }

  return {
    name: 'site-content',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
      serving = config.command === 'serve'
      logger = config.logger
    },
    buildStart() {
      // A new block folder is a new block: the registries follow the folders.
      for (const file of writeBlockRegistries(root)) logger?.info(`Block registry rewritten: ${file}`)
      reload()
      for (const file of content.files) this.addWatchFile(join(root, file))
      // Each build environment (client, server) runs this hook: say each warning once.
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
        const hadErrors = hasErrors(content.problems)
        reload()
        if (hasErrors(content.problems)) {
          server.config.logger.error(problemsWithSnippets(content.problems, textOf), { timestamp: true })
          showOverlay(server, root, content.problems, textOf)
          return
        }
        const after = JSON.stringify([content.site, content.manifest])
        // After an error the overlay stays until a reload; the fix deserves a fresh page.
        if (before !== after || event !== 'change' || hadErrors) {
          const mod = server.moduleGraph.getModuleById(RESOLVED_ID)
          if (mod) server.moduleGraph.invalidateModule(mod)
          server.ws.send({ type: 'full-reload' })
        } else {
          server.ws.send({ type: 'custom', event: 'site:pages-changed', data: {} })
        }
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

function catalogueWarning(problems: Problem[]): string {
  return [
    `The block catalogue (${CATALOGUE_ADDRESS}) is built from the first example of each block schema, and some examples do not validate (blocks[n] counts the label before each example):`,
    problemSnippets(problems, () => blockCatalogueYaml()),
    'Fix the `examples` in src/blocks/<type>/schema.ts.',
  ].join('\n')
}

const MAX_SNIPPETS = 30

/** Every problem as `file:line:col path: message` followed by the YAML lines around it. */
export function problemSnippets(
  problems: readonly Problem[],
  textOf: (file: string) => string,
  width = Infinity,
): string {
  const texts = new Map<string, string | undefined>()
  const text = (file: string) => {
    if (!texts.has(file)) {
      try {
        texts.set(file, textOf(file))
      } catch {
        texts.set(file, undefined)
      }
    }
    return texts.get(file)
  }
  const shown = problems.slice(0, MAX_SNIPPETS).map((p) => {
    const source = text(p.file)
    const frame = source === undefined ? '' : `\n${codeFrame(source, p.line, p.col)}`
    return `${wrap(`${p.severity === 'error' ? '✖' : '⚠'} ${formatProblem(p)}`, width)}${frame}`
  })
  const more = problems.length - shown.length
  if (more > 0) shown.push(`…and ${more} more: run \`npm run check\` to see them all.`)
  return shown.join('\n\n')
}

/** Breaks a long line at spaces (the overlay's code frames do not wrap). */
function wrap(line: string, width: number): string {
  if (line.length <= width) return line
  const out: string[] = []
  let current = ''
  for (const word of line.split(' ')) {
    if (current && current.length + 1 + word.length > width) {
      out.push(current)
      current = `   ${word}`
    } else current = current ? `${current} ${word}` : word
  }
  return [...out, current].join('\n')
}

/** The summary line, then every problem with its snippet (for the terminal and build failures). */
export function problemsWithSnippets(problems: readonly Problem[], textOf: (file: string) => string): string {
  const errors = problems.filter((p) => p.severity === 'error').length
  const files = new Set(problems.map((p) => p.file)).size
  const header = `${errors} error${errors === 1 ? '' : 's'} in the site's YAML (${files} file${files === 1 ? '' : 's'}):`
  return `${header}\n\n${problemSnippets(problems, textOf)}`
}

/** Vite's error overlay: the list of every problem, then each one's YAML lines, then editor links. */
export function overlayError(
  root: string,
  problems: readonly Problem[],
  textOf: (file: string) => string,
): ErrorPayload['err'] {
  const first = problems.find((p) => p.severity === 'error') ?? problems[0]
  const file = join(root, first.file)
  return {
    message: `${formatProblems(problems)}\n\nFix them in your editor and save: this page reloads by itself.`,
    // Absolute file:line:col, which the overlay turns into links that open the editor there.
    stack: problems.map((p) => `${join(root, p.file)}:${p.line}:${p.col}  ${p.path || '(file)'}`).join('\n'),
    id: file,
    plugin: 'site-content',
    loc: { file, line: first.line, column: first.col },
    frame: problemSnippets(problems, textOf, 100),
  }
}

function showOverlay(
  server: ViteDevServer,
  root: string,
  problems: readonly Problem[],
  textOf: (file: string) => string,
) {
  server.ws.send({ type: 'error', err: overlayError(root, problems, textOf) })
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

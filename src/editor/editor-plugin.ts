// The page editor's server half, a Vite plugin that only `npm run edit` adds (scripts/edit.ts):
// the editor page at /_editor/ and its API under /_editor/api/. It reads and writes nothing but
// pages/**/*.yaml, checks drafts with the very code `npm run check` runs (the content store, then the
// headings of the rendered blocks), resolves drafts for the preview frames (which render them with
// the site's own components in the browser, preview-frame/), and saves through yaml-edit.ts. It writes files, so every request must come from the editor page
// itself (Host, Origin and Fetch Metadata), every write carries the token made for this run, and
// bodies are at most 1 MB. Photos are the one other thing it writes: checked by their bytes and
// stored under public/images/<page>/ by photo-upload.ts (bodies of at most 30 MB).
import { createHash } from 'node:crypto'
import { lstatSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { structuredPatch } from 'diff'
import type { Plugin, ViteDevServer } from 'vite'
import { parse } from 'yaml'
import type { PageData } from '../blocks/types'
import { addressOf } from '../content/addresses'
import { pageMetaSchema } from '../content/page-meta-schema'
import { blockSchemas, blockTypes } from '../engine/blocks'
import { buildCacheDir, forgetCodeVersion, openHeadingLevelsCache } from '../engine/content-cache'
import { ContentStore } from '../engine/content-store'
import { headingLevels, headingProblems } from '../engine/integrity/headings'
import { DESCRIPTION, TITLE } from '../engine/integrity/seo'
import { type Content, listPageFiles } from '../engine/load-content'
import { localeFacts } from '../engine/locales'
import { blockSchemaWithType } from '../engine/page-schema'
import { factPaths } from '../engine/placeholders'
import type { Problem } from '../engine/problems'
import { contentHash } from '../engine/translations'
import { iconNames } from '../icon-names'
import { photoAltProblems } from './photo-alt'
import { PhotoRefused, readUpload, storePhoto } from './photo-upload'
import { publishRoutes } from './publish-api'
import { editYaml } from './yaml-edit'

export const EDITOR_PATH = '/_editor/'
const API = `${EDITOR_PATH}api/`
const PREVIEW_PATH = `${EDITOR_PATH}preview/`
const MAX_BODY = 1024 * 1024
/** The longest a stored photo's answer waits for Vite's watcher to see the new file. */
const WATCHER_WAIT_MS = 3000
/** A page file as the editor may name it: under pages/, lowercase words, .yaml. */
const PAGE_FILE = /^pages\/(?:[a-z0-9][a-z0-9-]*\/)*[a-z0-9][a-z0-9-]*\.yaml$/

type EntryServer = typeof import('../entry-server')
type Scaffold = typeof import('../../scripts/new-page')
type Accept = typeof import('../engine/accept-translation')
type OgImages = typeof import('../build/steps/sharing-images')

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export function pageEditor({ token }: { token: string }): Plugin {
  let root = process.cwd()
  let server: ViteDevServer
  // The site's content in memory, each file read again when it changes on disk; a draft stands
  // in for its file without being stored. Not the dev server's own store: that one holds the
  // block catalogue, whose links would hide orphans.
  let store: ContentStore
  // The heading levels each list of blocks renders, kept across runs (as npm run check keeps them).
  let levels: ReturnType<typeof openHeadingLevelsCache>
  // The block types that render an h1 on this site, read off every page as `npm run check` does,
  // once per version of the content.
  const h1Types = new WeakMap<Content, Promise<string[]>>()

  let publishing: ReturnType<typeof publishRoutes>
  const checkToken = (req: IncomingMessage) => {
    if (req.headers['x-editor-token'] !== token)
      throw new HttpError(403, 'This request does not come from the editor page of this run of npm run edit.')
  }

  const entry = () => server.ssrLoadModule('/src/entry-server.tsx') as Promise<EntryServer>
  const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)

  /** The file, if the editor may touch it: inside pages/, no link on the way, a .yaml name. */
  function pageFile(name: unknown, { exists = true } = {}): string {
    if (typeof name !== 'string' || !PAGE_FILE.test(name) || name.split('/').includes('..'))
      throw new HttpError(400, 'Only pages/**/*.yaml files can be opened or saved.')
    const pages = realpathSync(join(root, 'pages'))
    const full = resolve(root, name)
    if (!full.startsWith(pages + sep)) throw new HttpError(400, 'Only files inside pages/ can be opened or saved.')
    // Every folder on the way, and the file, must be itself: a link could lead out of pages/.
    const parts = relative(pages, full).split(sep)
    for (let i = 1; i <= parts.length; i++) {
      const part = join(pages, ...parts.slice(0, i))
      let stat: ReturnType<typeof lstatSync> | undefined
      try {
        stat = lstatSync(part)
      } catch {
        if (exists || i < parts.length) throw new HttpError(404, `${name} does not exist.`)
      }
      if (stat?.isSymbolicLink()) throw new HttpError(400, `${name} is a link; the editor only opens plain files.`)
    }
    return full
  }

  // site.yaml's facts by name, read off its text as it is now; parsed again only when that text
  // changes (every page opened asks for them, and site.yaml is the largest file).
  let facts: { text: string; paths: Map<string, string> } | undefined
  function siteFacts(): Map<string, string> {
    const text = readFileSync(join(root, 'site.yaml'), 'utf8')
    if (facts?.text !== text) facts = { text, paths: factPaths({ text }) }
    return facts.paths
  }

  const problemsOf = (content: Content, file: string) => content.problems.filter((p) => p.file === file)

  /**
   * What `npm run check` says of the page with `text` in place of its file, and the page; with
   * the editor's own rule that a photo is not saved without its alt text.
   */
  async function check(file: string, text: string) {
    const content = store.withDraft(file, text)
    return { content, problems: [...(await withHeadings(content, file)), ...photoAltProblems(content, file)] }
  }

  /**
   * A photo for the page `file`, checked and stored by photo-upload.ts; answered once Vite's
   * watcher has seen the new file (the development server serves a new file of public/ only
   * then), so that the preview showing it at once finds it.
   */
  async function takePhoto(req: IncomingMessage, file: string, name: string) {
    pageFile(file)
    if (!String(req.headers['content-type']).startsWith('application/octet-stream'))
      throw new HttpError(415, 'Send the photo as application/octet-stream.')
    const added = new Set<string>()
    let waiting: ((path: string) => void) | undefined
    const onAdd = (path: string) => {
      added.add(path)
      waiting?.(path)
    }
    server.watcher.on('add', onAdd)
    try {
      const photo = await storePhoto(root, file, name, await readUpload(req))
      const full = join(root, 'public', photo.src)
      if (!added.has(full) && !(server.watcher.getWatched()[dirname(full)] ?? []).includes(basename(full)))
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, WATCHER_WAIT_MS)
          waiting = (path) => {
            if (path === full) resolve(clearTimeout(timer))
          }
        })
      return photo
    } finally {
      server.watcher.off('add', onAdd)
    }
  }

  /** Each block's heading levels, rendered only for blocks not seen before. */
  async function levelsOf(blocks: readonly unknown[]): Promise<number[][]> {
    const key = createHash('sha256').update(JSON.stringify(blocks)).digest('hex')
    const known = levels.get(key)
    if (known) return known
    const found = (await (await entry()).renderBlocks(blocks as never)).map(headingLevels)
    levels.set(key, found)
    return found
  }

  /** The file's problems, with those of its rendered headings once it is otherwise valid. */
  async function withHeadings(content: Content, file: string): Promise<Problem[]> {
    const problems: Problem[] = problemsOf(content, file)
    const parsed = content.parsed.find((p) => p.file === file)
    if (parsed?.blocks && !problems.some((p) => p.severity === 'error')) {
      const found = await levelsOf(parsed.blocks.map((b) => b.block))
      const blocks = found.map((l, j) => ({ index: parsed.blocks![j].index, levels: l }))
      // The site's h1 blocks as saved, and this page's own.
      const types = new Set(await allH1Types(store.content()))
      for (const b of blocks) if (b.levels.includes(1)) types.add(parsed.raw.blocks[b.index].type)
      problems.push(...headingProblems(parsed, blocks, [...types].sort()))
    }
    return problems
  }

  function allH1Types(content: Content): Promise<string[]> {
    const known = h1Types.get(content)
    if (known) return known
    const found = (async () => {
      const types = new Set<string>()
      for (const page of content.parsed) {
        if (!page.blocks) continue
        const each = await levelsOf(page.blocks.map((b) => b.block))
        each.forEach((l, j) => {
          if (l.includes(1)) types.add(page.raw.blocks[page.blocks![j].index].type)
        })
      }
      levels.save()
      return [...types].sort()
    })()
    h1Types.set(content, found)
    return found
  }

  /**
   * The draft page's data, resolved as the build resolves it (placeholders, city lists, related
   * links, from the content in memory), for the preview frames to render with the site's own
   * components; with each block's index in the YAML, which a click in the preview selects.
   */
  function previewData(content: Content, file: string): { page: PageData; blocks: number[] } | undefined {
    const page = content.pages.find((p) => p.path === addressOf(file.slice('pages/'.length)))
    const parsed = content.parsed.find((p) => p.file === file)
    if (!page || !parsed?.blocks) return undefined
    return { page, blocks: parsed.blocks.map((b) => b.index) }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    const route = url.pathname.slice(API.length)
    if (req.method === 'GET' && route === 'pages') {
      const content = store.content()
      const byFile = new Map(content.parsed.map((p) => [p.file, p]))
      const byAddress = new Map(content.parsed.map((p) => [p.address, p]))
      const counted = (file: string) => {
        const problems = problemsOf(content, file)
        const errors = problems.filter((p) => p.severity === 'error').length
        const page = byFile.get(file)
        const translationOf = page?.raw.meta.translationOf
        const source = translationOf ? byAddress.get(translationOf) : undefined
        // Stale as `npm run check` flags it: the source's version now is not the one recorded.
        const stale = source ? page?.raw.meta.sourceHash !== contentHash(source.source) : false
        return { file, errors, warnings: problems.length - errors, translationOf, stale }
      }
      // A file whose YAML or schema fails is listed too: it is the one most in need of the editor.
      const files = new Set([...content.parsed.map((p) => p.file), ...listPageFiles(root)])
      return json(res, 200, {
        pages: [...files]
          .map((file) => ({ address: addressOf(file.slice('pages/'.length)), ...counted(file) }))
          .sort((a, b) => a.address.localeCompare(b.address)),
      })
    }
    if (req.method === 'GET' && route === 'catalogue') {
      return json(res, 200, {
        meta: pageMetaSchema,
        blocks: blockTypes.map((type) => ({ type, schema: blockSchemaWithType(type, blockSchemas[type]) })),
        facts: [...siteFacts().keys()].filter((f) => !/^(texts|locales|redirects)\./.test(f)),
        icons: iconNames,
        // What the search result and its length meters follow: npm run check's own ranges.
        seo: {
          title: TITLE,
          description: DESCRIPTION,
          titleSuffix: store.content().site?.seo.titleSuffix ?? '',
          siteName: store.content().site?.seo.siteName ?? '',
          origin: store.content().site?.seo.origin ?? '',
        },
        locales: store.content().locales.map((l) => ({ code: l.code, name: l.name })),
      })
    }
    if (req.method === 'GET' && route === 'page') {
      const file = url.searchParams.get('file')
      const text = readFileSync(pageFile(file), 'utf8')
      const address = addressOf(String(file).slice(6))
      const content = store.content()
      const fileOf = (path: string) => content.parsed.find((p) => p.address === path)?.file
      const locale = content.pages.find((p) => p.path === address)?.locale ?? content.locales[0]?.code
      // The facts its {{placeholders}} name, in its language: the editor measures texts filled in.
      const facts = localeFacts(siteFacts(), locale, locale === content.locales[0]?.code)
      return json(res, 200, {
        file,
        address,
        data: parse(text),
        version: versionOf(text),
        locale,
        facts: Object.fromEntries(facts),
        // Every version of this page in another language, both ways of the pairing.
        translations: content.translations
          .versionsOf(address)
          .filter((v) => v.path !== address)
          .map((v) => ({ ...v, file: fileOf(v.path) })),
      })
    }
    if (req.method === 'GET' && route === 'rendered') {
      // The reference for the preview: the page as saved, rendered by the site's server renderer
      // (what the build prerenders into #root), with the data the preview would be given.
      const file = url.searchParams.get('file')
      pageFile(file)
      const content = store.content()
      const data = previewData(content, String(file))
      if (!data) throw new HttpError(422, `${file} has problems that keep it from being rendered.`)
      const { render } = await entry()
      const { html } = await render(data.page.path, new Map(content.pages.map((p) => [p.path, p])))
      return json(res, 200, { ...data, html })
    }
    // Publishing through git (publish-api.ts): its writes carry the token too.
    const published = await publishing(req.method ?? '', route, url, async () => {
      checkToken(req)
      return (await readJson(req)) as Record<string, unknown>
    })
    if (published) return json(res, published.status, published.body)
    if (req.method !== 'POST') throw new HttpError(405, 'Not allowed.')
    checkToken(req)
    if (route === 'photo')
      return json(
        res,
        200,
        await takePhoto(req, String(url.searchParams.get('file')), url.searchParams.get('name') ?? ''),
      )
    const body = (await readJson(req)) as Record<string, unknown>

    if (route === 'draft' || route === 'check' || route === 'save' || route === 'card') {
      const file = String(body.file)
      const full = pageFile(file)
      const current = readFileSync(full, 'utf8')
      if (body.version !== versionOf(current))
        throw new HttpError(409, `${file} was changed on disk since you opened it (by git or another editor).`, {
          conflict: true,
        })
      let text: string
      try {
        text = editYaml(current, body.data)
      } catch (error) {
        throw new HttpError(422, (error as Error).message)
      }
      if (route === 'card') {
        // The sharing image the build draws for the page (src/build/steps/sharing-images.tsx), from the draft.
        const content = store.withDraft(file, text, { alone: true })
        const page = content.pages.find((p) => p.path === addressOf(file.slice('pages/'.length)))
        if (!page || !content.site) return json(res, 200, {})
        if (page.meta.ogImage) return json(res, 200, { image: page.meta.ogImage })
        const { cardsOf, cardPng } = (await server.ssrLoadModule('/src/build/steps/sharing-images.tsx')) as OgImages
        const [{ card }] = cardsOf([page], content.site)
        const png = await cardPng(card, buildCacheDir(root))
        return json(res, 200, { image: `data:image/png;base64,${png.toString('base64')}` })
      }
      const patch = structuredPatch(file, file, current, text, '', '', { context: 2 })
      // The preview first, from the page alone (the checks across pages take longer): it
      // follows the typing; the problems (`check`) follow it.
      if (route === 'draft') {
        const content = store.withDraft(file, text, { alone: true })
        const failed = problemsOf(content, file).some((p) => p.severity === 'error')
        return json(res, 200, { hunks: patch.hunks, ...(failed ? {} : previewData(content, file)) })
      }
      const { problems } = await check(file, text)
      const errors = problems.filter((p) => p.severity === 'error')
      if (route === 'check') return json(res, 200, { problems })
      if (errors.length)
        throw new HttpError(422, `The page has ${errors.length} problem(s) to fix before it can be saved.`, {
          problems,
        })
      if (text !== current) {
        writeAtomically(full, text)
        store.update([file])
      }
      return json(res, 200, { version: versionOf(text), problems, hunks: patch.hunks })
    }
    if (route === 'new') {
      const { scaffoldPage, ScaffoldError, FLORIDA_PAGE } = (await server.ssrLoadModule(
        '/scripts/new-page.ts',
      )) as Scaffold
      try {
        const result = scaffoldPage({
          root,
          kind: body.kind as 'city',
          name: String(body.name ?? ''),
          region: typeof body.region === 'string' && body.region ? body.region : undefined,
          category: typeof body.category === 'string' && body.category ? body.category : undefined,
          locale: typeof body.locale === 'string' && body.locale ? body.locale : undefined,
          translationOf: typeof body.translationOf === 'string' && body.translationOf ? body.translationOf : undefined,
        })
        // What it wrote is in the store before the editor opens the page (the watcher may tell later):
        // the new file, and the Florida pages whose city lists name a new city.
        const content = store.content()
        const florida = [
          FLORIDA_PAGE,
          ...content.translations
            .versionsOf(addressOf(FLORIDA_PAGE.slice('pages/'.length)))
            .map((v) => content.parsed.find((p) => p.address === v.path)?.file ?? ''),
        ]
        store.update([result.file, ...florida.filter(Boolean)])
        return json(res, 200, { file: result.file, address: result.address, notes: result.notes })
      } catch (error) {
        if (error instanceof ScaffoldError) throw new HttpError(422, error.message)
        throw error
      }
    }
    if (route === 'accept-translation') {
      // npm run check -- --accept-translation <file>: the same function, on the file on disk.
      const file = String(body.file)
      pageFile(file)
      const { acceptTranslation, AcceptError } = (await server.ssrLoadModule(
        '/src/engine/accept-translation.ts',
      )) as Accept
      try {
        const said = acceptTranslation(root, file)
        store.update([file])
        const text = readFileSync(join(root, file), 'utf8')
        return json(res, 200, { message: said, version: versionOf(text) })
      } catch (error) {
        if (error instanceof AcceptError) throw new HttpError(422, error.message)
        throw error
      }
    }
    throw new HttpError(404, 'No such request.')
  }

  return {
    name: 'page-editor',
    apply: 'serve',
    config: () => ({
      // The editor's own modules are known at start, so their dependencies are bundled before
      // the page opens (a dependency found later reloads every open page, the editor too).
      optimizeDeps: { entries: ['index.html', 'src/editor/app/main.tsx', 'src/editor/preview-frame/main.tsx'] },
      // A build run beside the editor writes dist/: nothing there is a source.
      server: { watch: { ignored: ['**/dist/**', '**/.data/**'] } },
    }),
    configResolved(config) {
      root = config.root
    },
    configureServer(viteServer) {
      server = viteServer
      store = new ContentStore(root, { diskCache: true })
      levels = openHeadingLevelsCache(root)
      publishing = publishRoutes({
        root,
        problems: async (file, text) =>
          text === undefined ? withHeadings(store.content(), file) : (await check(file, text)).problems,
        changed: (files) => store.update(files),
      })
      const onFile = (file: string) => {
        const rel = relative(root, file).split(sep).join('/')
        if (ContentStore.isContentFile(rel)) store.update([rel])
        // What blocks render follows the code and site.yaml's texts: levels seen before may differ now.
        if (rel === 'site.yaml' || /^(src|forms)\//.test(rel)) {
          forgetCodeVersion(root)
          levels = openHeadingLevelsCache(root)
        }
      }
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, onFile)
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://editor.invalid')
        if (!url.pathname.startsWith(EDITOR_PATH) && url.pathname !== EDITOR_PATH.slice(0, -1)) return next()
        try {
          checkSameOrigin(req)
          if (url.pathname === EDITOR_PATH.slice(0, -1)) {
            res.writeHead(308, { location: EDITOR_PATH }).end()
            return
          }
          if (url.pathname === EDITOR_PATH) {
            const html = await server.transformIndexHtml(EDITOR_PATH, editorHtml(token))
            res.writeHead(200, {
              'content-type': 'text/html; charset=utf-8',
              'cache-control': 'no-store',
              'x-frame-options': 'DENY',
              'referrer-policy': 'no-referrer',
            })
            res.end(html)
            return
          }
          if (url.pathname === PREVIEW_PATH) {
            const html = await server.transformIndexHtml(PREVIEW_PATH, previewHtml())
            res.writeHead(200, {
              'content-type': 'text/html; charset=utf-8',
              'cache-control': 'no-store',
              // Only the editor's own page may show it.
              'x-frame-options': 'SAMEORIGIN',
              'referrer-policy': 'no-referrer',
            })
            res.end(html)
            return
          }
          if (!url.pathname.startsWith(API)) return next()
          await handle(req, res, url)
        } catch (error) {
          if (error instanceof HttpError) return json(res, error.status, { error: error.message, ...error.body })
          if (error instanceof PhotoRefused) return json(res, error.status, { error: error.message })
          console.error(error)
          json(res, 500, { error: (error as Error).message })
        }
      })
    },
  }
}

/**
 * Only the editor page itself may call: the Host is this machine (no DNS rebinding), and the
 * browser says the request is same-origin (Origin, or Fetch Metadata for requests without one).
 */
function checkSameOrigin(req: IncomingMessage) {
  const host = req.headers.host ?? ''
  if (!/^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host)) throw new HttpError(403, 'The editor answers on 127.0.0.1 only.')
  const origin = req.headers.origin
  if (origin !== undefined && origin !== `http://${host}`)
    throw new HttpError(403, 'Requests from other sites are refused.')
  const site = req.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    throw new HttpError(403, 'Requests from other sites are refused.')
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  if (!String(req.headers['content-type']).startsWith('application/json')) throw new HttpError(415, 'Send JSON.')
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) throw new HttpError(413, 'The request is over 1 MB.')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new HttpError(413, 'The request is over 1 MB.')
    chunks.push(chunk as Buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new HttpError(400, 'The request is not valid JSON.')
  }
}

/** A temporary file beside the page, then a rename: a reader sees the old file or the new one, never half. */
function writeAtomically(file: string, text: string) {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
  try {
    writeFileSync(temporary, text)
    renameSync(temporary, file)
  } finally {
    rmSync(temporary, { force: true })
  }
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

function editorHtml(token: string) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="editor-token" content="${token}" />
    <title>Page editor</title>
  </head>
  <body>
    <div id="editor"></div>
    <script type="module" src="/src/editor/app/main.tsx"></script>
  </body>
</html>
`
}

/**
 * The preview frames' document, loaded once per frame: an empty #root that preview-frame/main.tsx
 * renders each draft into (the site's plugin adds its icon sprite, as to the site's index.html), with the site's stylesheets (imported there,
 * as src/entry-client.tsx imports them). Its own tags in <head> are marked `data-frame`: the others
 * are the page's, which React puts there.
 */
function previewHtml() {
  // No fade-in: the preview is drawn again at every edit. A block under the pointer is outlined:
  // a click selects its form.
  const own =
    '.page-fade{animation:none!important}[data-editor-block]{cursor:pointer}[data-editor-block]:hover{outline:2px dashed #2563eb;outline-offset:-2px}'
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" data-frame />
    <meta name="viewport" content="width=device-width, initial-scale=1" data-frame />
    <style>${own}</style>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/editor/preview-frame/main.tsx"></script>
  </body>
</html>
`
}

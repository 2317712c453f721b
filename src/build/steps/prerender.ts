// Writes the static HTML of every page into dist/, from the client build's index.html.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PLAIN_POST, thankYouPath } from '../../../common/forms/define'
import type { Block, PageData } from '../../blocks/types'
import { pageFileOf } from '../../content/addresses'
import { definitionOf, hydratesOnFirstLoad, mapSlots, walkBlocks } from '../../engine/blocks'
import type { Content } from '../../engine/load-content'
import { jsonLdText, structuredData } from '../../engine/structured-data'
import type { render as Render } from '../../entry-server'
import { BOOT_SCRIPTS } from '../../vite/boot-scripts'
import { sha256, VerifiedCache } from '../cache'
import {
  deferredApp,
  injectIntoTemplate,
  inlineFavicon,
  inlineStylesheet,
  minifiedModule,
  withLanguage,
  withPageStyles,
} from '../html-template'
import { pageStyles } from '../page-styles'

type ViteChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
type ViteManifest = Record<string, ViteChunk>

/**
 * The chunks that the manifest's `keys` are and import, each once, every chunk after those it
 * imports (the order a browser evaluates them in); the walk stops at a chunk `skip` names.
 */
function chunksFrom(manifest: ViteManifest, keys: readonly string[], skip = (_chunk: ViteChunk) => false): ViteChunk[] {
  const seen = new Set<string>()
  const chunks: ViteChunk[] = []
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(chunk.file) || skip(chunk)) return
    seen.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
    chunks.push(chunk)
  }
  for (const key of keys) visit(key)
  return chunks
}

/**
 * A page links the stylesheets of the code its blocks load later (a form's), so what is
 * prerendered is styled before any script runs. That code is not preloaded: on a slow
 * connection it would compete with the first paint, and the page is readable before it runs.
 * It is listed on the app's script (`data-later`), for the app to fetch once the page is idle.
 */
function withBlockAssets(template: string, page: PageData, manifest: ViteManifest): string {
  const keys = walkBlocks(page.blocks).flatMap(({ block }) => definitionOf(block).assets?.(block) ?? [])
  // The entry's own stylesheet is already inlined into every page.
  const chunks = chunksFrom(manifest, keys, (chunk) => !!chunk.isEntry)
  const js = new Set(chunks.map((chunk) => chunk.file))
  const css = new Set(chunks.flatMap((chunk) => chunk.css ?? []))
  const tags = [...css].map((f) => `<link rel="stylesheet" href="/${f}">`).join('')
  if (!tags && !js.size) return template
  const later = [...js].map((f) => `/${f}`).join(' ')
  const boot = '<script type="module" data-entry='
  if (js.size && !template.includes(boot)) throw new Error(`No boot script to list ${page.path}'s later code on`)
  return template
    .replace('</head>', () => `${tags}</head>`)
    .replace(boot, () => `<script type="module" data-later="${later}" data-entry=`)
}

/**
 * The app's code as src/app/boot.js loads it, fetched together and evaluated a file per task:
 * `first`, the files the entry imports, dependencies first (evaluated with the entry, they were
 * one task of up to 20 ms at 1x CPU); `later`, React DOM's client, which the app imports apart
 * once started (src/app/start-app.tsx).
 */
function appCode(manifest: ViteManifest): { first: string[]; later: string[] } {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  // Keyed by its path from the project, or from wherever node_modules really is (a linked copy).
  const start = Object.keys(manifest).find((key) => key.endsWith('node_modules/react-dom/client.js'))
  if (!entry || !start) throw new Error("The build's manifest has no entry or no react-dom/client.js")
  const withEntry = chunksFrom(manifest, [entry]).filter((chunk) => !chunk.isEntry)
  const loaded = new Set(withEntry.map((chunk) => chunk.file))
  const later = chunksFrom(manifest, [start], (chunk) => !!chunk.isEntry || loaded.has(chunk.file))
  const addresses = (chunks: ViteChunk[]) => chunks.map((chunk) => `/${chunk.file}`)
  return { first: addresses(withEntry), later: addresses(later) }
}

/**
 * A form sent without JavaScript posts to its function (`…?reply=page`), which answers with a
 * redirect to `<page>/thank-you`: a page whose HTML holds such a form and has no such page
 * fails the build. A translated form page may instead have the translation of its source's
 * thank-you page (/es/contacto/gracias for /contact-us/thank-you): `<page>/thank-you` then
 * redirects there, until the function learns each language's address itself; so does a page whose
 * form names its thank-you page (`thankYouPage`, e.g. a landing page's quote form).
 */
function thankYouRedirect(page: PageData, html: string, content: Content): Redirect | undefined {
  const path = page.path
  if (!html.includes(`?${PLAIN_POST.query}"`) || content.pages.some((p) => p.path === thankYouPath(path))) return
  const source = page.translations.find((t) => t.locale === content.locales[0].code)?.path
  const translated = source && content.translations.translationOf(thankYouPath(source), page.locale)
  if (translated) return { from: thankYouPath(path), to: translated }
  // A form that names the page it leads to (a landing page's quote form: the contact page's).
  const named = walkBlocks(page.blocks)
    .map(({ block }) => (block as { thanks?: unknown }).thanks)
    .find((thanks): thanks is string => typeof thanks === 'string' && content.pages.some((p) => p.path === thanks))
  if (named) return { from: thankYouPath(path), to: named }
  const fix = source
    ? `add a translation of ${thankYouPath(source)} (pages${path}/<slug>.yaml with translationOf: ${thankYouPath(source)} and meta.noindex: true)`
    : `add pages${thankYouPath(path)}.yaml (with meta.noindex: true)`
  throw new Error(
    `${path} has a form but no page ${thankYouPath(path)}: ${fix}, where the form leads once sent without JavaScript`,
  )
}

/**
 * The page data embedded in its HTML: what hydration needs. A block that never hydrates on a
 * first visit (no `hydrate` policy, and none in its slots) keeps only its type, as its server HTML is all it needs;
 * the whole page is in /_data/<address>.json for client-side navigation.
 */
export function hydrationData(page: PageData): PageData {
  const kept = (block: Block) => (hydratesOnFirstLoad(block) ? block : ({ type: block.type } as Block))
  const blocks = page.blocks.map((block) => kept(mapSlots(block, kept)))
  return { ...page, blocks }
}

type Options = {
  outDir: string
  content: Content
  render: typeof Render
  /**
   * With both, a page whose data is unchanged since a build made with the same server bundle
   * (whose digest, `serverDigest`, covers the code and site.yaml's texts it renders with) is not
   * rendered again: its HTML comes from `cacheDir`/html. With `cacheDir`, each page's part of
   * the stylesheet is kept in `cacheDir`/styles (src/build/page-styles.ts).
   */
  cacheDir?: string
  serverDigest?: string
}
type Redirect = { from: string; to: string }

/** An address no page has, rendered to get each language's not-found page. */
export const notFoundProbe = (home: string) => `${home === '/' ? '' : home}/__not-found__`

/** Where each language's not-found page is written: dist/404.html, dist/es/404.html. */
export const notFoundFile = (home: string) => (home === '/' ? '404.html' : `${home.slice(1)}/404.html`)

/**
 * src/app/lay-out-sections.js, minified, as an asset named by its digest (cached for good, and
 * precached by the service worker like the app's); returns its address.
 */
function writeSectionsModule(outDir: string): string {
  const code = minifiedModule(BOOT_SCRIPTS.sections.file)
  const name = `assets/lay-out-sections-${sha256(code).slice(0, 8)}.js`
  writeFileSync(join(outDir, name), code)
  return `/${name}`
}

/** Writes every page and each language's not-found page; returns the pages and the redirects the pages need. */
export async function prerenderPages({
  outDir,
  content,
  render,
  cacheDir,
  serverDigest,
}: Options): Promise<{ written: string[]; redirects: Redirect[]; rendered: number }> {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as ViteManifest
  const pages = new Map(content.pages.map((p) => [p.path, p]))
  const built = readFileSync(join(outDir, 'index.html'), 'utf8')
  const sections = writeSectionsModule(outDir)
  const readAsset = (href: string) => readFileSync(join(outDir, href), 'utf8')
  const booted = deferredApp(built, BOOT_SCRIPTS.boot.file, sections, appCode(manifest))
  const styled = inlineStylesheet(booted)
  const template = inlineFavicon(styled.template, readAsset)
  const styleCache = cacheDir ? new VerifiedCache(join(cacheDir, 'styles')) : undefined
  const stylesOf = pageStyles(readAsset(styled.stylesheet), styleCache)
  const restWritten = new Set<string>()
  const write = async (file: string, page: string) => {
    const { inline, rest, restFile } = await stylesOf(page)
    if (!restWritten.has(restFile)) writeFileSync(join(outDir, restFile), rest)
    restWritten.add(restFile)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, withPageStyles(page, inline, `/${restFile}`))
  }
  const written: string[] = []
  const redirects: Redirect[] = []
  const cache = cacheDir && serverDigest ? new VerifiedCache(join(cacheDir, 'html')) : undefined
  let rendered = 0
  const renderPage = async (page: PageData): Promise<string> => {
    const key = cache && sha256(`${serverDigest}\0${JSON.stringify(page)}`)
    const cached = key ? cache?.read(key, 'html') : undefined
    if (cached) return cached.toString('utf8')
    rendered++
    const { html } = await render(page.path, pages)
    if (key) await cache?.write(key, 'html', Buffer.from(html))
    return html
  }

  for (const page of content.pages) {
    const html = await renderPage(page)
    // A loader that failed on the server leaves <main> empty: fail the build, not the visitor.
    if (!/<main[^>]*>\s*<(?!\/main)/.test(html)) throw new Error(`Prerendering ${page.path} produced no page content`)
    const redirect = thankYouRedirect(page, html, content)
    if (redirect) redirects.push(redirect)
    const file = join(outDir, pageFileOf(page.path))
    const jsonLd = jsonLdText(structuredData(page, content.sites.get(page.locale)!))
    const inLanguage = withLanguage(withBlockAssets(template, page, manifest), page.locale)
    await write(file, injectIntoTemplate(inLanguage, html, hydrationData(page), jsonLd))
    written.push(page.path)
  }

  for (const locale of content.locales) {
    const notFound = await render(notFoundProbe(locale.home), pages)
    if (notFound.status !== 404) throw new Error(`The not-found page rendered with status ${notFound.status}`)
    const file = join(outDir, notFoundFile(locale.home))
    await write(file, injectIntoTemplate(withLanguage(template, locale.code), notFound.html, undefined))
  }
  await cache?.removeUnused()
  await styleCache?.removeUnused()
  return { written, redirects, rendered }
}

// npm run build: client bundle, server bundle, every page of pages/ prerendered to
// dist/<address>.html (TanStack Start's SPA prerender would render only the root),
// then sharing images, sitemap and host files, the service worker and precompressed copies.
import { createHash } from 'node:crypto'
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type InlineConfig, mergeConfig } from 'vite'
import { checkImageFiles } from '../src/build/image-checks'
import { precompress } from '../src/build/steps/compress'
import { prerenderPages } from '../src/build/steps/prerender'
import { buildServiceWorker } from '../src/build/steps/service-worker'
import { writeSiteFiles } from '../src/build/steps/site-files'
import { siteContentStore } from '../src/engine/block-catalogue'
import { buildCacheDir, openHeadingLevelsCache } from '../src/engine/content-cache'
import { checkRenderedHeadings, type RenderBlocks } from '../src/engine/integrity/headings'
import { problemsWithSnippets } from '../src/engine/problem-report'
import { formatProblems, hasErrors } from '../src/engine/problems'

const root = process.cwd()
// BUILD_OUT_DIR: another folder than dist/ (a test builds the site against a backend on another origin).
const outDir = resolve(root, process.env.BUILD_OUT_DIR || 'dist')
// BUILD_CACHE_DIR: where sharing images and compressed copies are kept between builds (default .cache/).
const cacheDir = buildCacheDir(root)
// Inside the project, where the server bundle's imports resolve to node_modules.
const ssrDir = join(root, '.cache', outDir === join(root, 'dist') ? 'ssr' : `ssr-${process.pid}`)
// The sharing images are drawn while Vite empties and fills outDir: they wait here until it is done.
const ogDir = `${ssrDir}-og`
rmSync(ogDir, { recursive: true, force: true })
const started = performance.now()
const lap = (() => {
  let last = started
  const laps: string[] = []
  return Object.assign(
    (label: string) => {
      const now = performance.now()
      laps.push(`${label} ${Math.round(now - last)} ms`)
      last = now
    },
    { laps },
  )
})()

// DEBUG_BUILD=1 (or NODE_ENV=development) keeps React's development build, whose hydration
// errors say what differs. Any other NODE_ENV is not kept: a build started by a test runner
// inherits vitest's "test", and built with it the site shipped React's development build (its
// client code defines process.env.NODE_ENV from it) and missed every cache entry of the
// production builds (every page rendered and compressed anew). Set before anything imports React
// (the sharing images' JSX below, the server bundle), so all bind to the same build of it, the
// one Vite builds for.
const debug = process.env.DEBUG_BUILD === '1' || process.env.NODE_ENV === 'development'
process.env.NODE_ENV = debug ? 'development' : 'production'

// The content, loaded first and kept in memory for the process: the two Vite builds read it from
// this store, and its entries are kept in .cache/content for the next build or check.
const store = siteContentStore(root, false, cacheDir)
let content = store.content()
lap('content')
// Content with errors fails the build here, each problem at its file:line:col with its lines,
// as the bundler's plugin would say them after seconds of starting up (2.5 s of CPU) to no use.
if (hasErrors(content.problems)) {
  console.error(problemsWithSnippets(content.problems, (file) => readFileSync(join(root, file), 'utf8')))
  process.exit(1)
}
// The photos first: the pages' data (their image fields' sizes and variants, a hero photo's
// sharing card) is completed with what the pipeline makes, before anything renders it.
const { buildImages, writeImages } = await import('../src/build/steps/images')
const imageProblems = await checkImageFiles(root, content.parsed)
if (imageProblems.length) console.error(formatProblems(imageProblems))
if (hasErrors(imageProblems)) process.exit(1)
const images = await buildImages({ publicDir: join(root, 'public'), cacheDir, pages: content.pages })
store.setImages(images.catalogue)
content = store.content()
lap(`images (${images.images} read, ${images.encoded} encoded)`)
// The sharing images are drawn in worker threads from now on, while Vite bundles and the pages
// are prerendered in this thread: at a thousand pages they are the build's largest piece of work.
const { writeOgImages } = await import('../src/build/steps/sharing-images')
const drawing = writeOgImages({ outDir: ogDir, cacheDir, pages: content.pages, site: content.site! })

// The engine's Vite config, given to Vite as it is: both builds share the warnings already said.
const { siteViteConfig } = await import('../src/vite/config')
const saidWarnings = new Set<string>()
const viteConfig = (overrides: InlineConfig) =>
  mergeConfig(siteViteConfig({ command: 'build', siteRoot: root, cacheDir, saidWarnings }), {
    configFile: false,
    logLevel: 'warn',
    ...overrides,
  })
try {
  await build(
    viteConfig({
      build: { outDir, emptyOutDir: true, ...(debug ? { minify: false } : {}) },
      ...(debug ? { mode: 'development' } : {}),
    }),
  )
  lap('client')
  await build(
    viteConfig({ build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false } }),
  )
  lap('server')
} catch (error) {
  // The site-content plugin has already printed the YAML problems with file:line:col.
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

store.save()
const serverEntry = (await import(
  pathToFileURL(join(ssrDir, 'entry-server.js')).href
)) as typeof import('../src/entry-server')
// Headings are read off what the blocks render: a page whose outline is broken fails the build.
// Only pages whose blocks changed since the last build or check are rendered for it.
const levels = openHeadingLevelsCache(root)
const headingProblems = await checkRenderedHeadings(content.parsed, serverEntry.renderBlocks as RenderBlocks, levels)
levels.save()
if (headingProblems.length) console.error(formatProblems(headingProblems))
if (hasErrors(headingProblems)) process.exit(1)
const { written, redirects, rendered } = await prerenderPages({
  outDir,
  content,
  render: serverEntry.render,
  cacheDir,
  serverDigest: folderDigest(ssrDir),
})
rmSync(ssrDir, { recursive: true, force: true })
lap(`prerender (${rendered} of ${written.length} rendered)`)
const og = await drawing
cpSync(ogDir, outDir, { recursive: true })
await writeImages(outDir, images.files)
rmSync(ogDir, { recursive: true, force: true })
lap(`sharing images (${og.rendered} of ${og.images} drawn)`)
await writeSiteFiles(outDir, content, redirects)
const sw = await buildServiceWorker(root, outDir)
lap(`service worker (${sw.precached} files precached)`)
const compressed = await precompress(outDir, cacheDir)
lap(`compression (${compressed.files} files, ${compressed.compressed} compressed anew)`)

const ms = Math.round(performance.now() - started)
console.log(
  `Built ${written.length} pages (+404) in ${ms} ms (${(ms / written.length).toFixed(1)} ms per page): ${lap.laps.join(', ')}.`,
)

/** A digest of every file under `dir` (the server bundle: the code and data its pages render with). */
function folderDigest(dir: string): string {
  const hash = createHash('sha256')
  for (const name of (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).sort()) {
    const file = join(dir, name)
    if (statSync(file).isFile()) hash.update(`${name}\0`).update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

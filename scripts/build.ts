// npm run build: client bundle, server bundle, every page of pages/ prerendered to
// dist/<address>/index.html (TanStack Start's SPA prerender would render only the root),
// then sharing images, sitemap and host files, the service worker and precompressed copies.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { siteContentStore } from '../src/engine/block-catalogue'
import { openHeadingLevelsCache } from '../src/engine/content-cache'
import { checkRenderedHeadings, type RenderBlocks } from '../src/engine/integrity/headings'
import { formatProblems, hasErrors } from '../src/engine/problems'
import { buildCacheDir } from './build-cache'
import { precompress } from './compress'
import { prerenderPages } from './prerender'
import { buildServiceWorker } from './service-worker'
import { writeSiteFiles } from './site-files'

const root = process.cwd()
// BUILD_OUT_DIR: another folder than dist/ (a test builds the site against a backend on another origin).
const outDir = resolve(root, process.env.BUILD_OUT_DIR || 'dist')
// BUILD_CACHE_DIR: where sharing images and compressed copies are kept between builds (default .cache/).
const cacheDir = buildCacheDir(root)
// Inside the project, where the server bundle's imports resolve to node_modules.
const ssrDir = join(root, '.cache', outDir === join(root, 'dist') ? 'ssr' : `ssr-${process.pid}`)
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

try {
  // DEBUG_BUILD=1 keeps React's development build, whose hydration errors say what differs.
  const debug = process.env.DEBUG_BUILD === '1'
  await build({
    root,
    configLoader: 'runner',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, ...(debug ? { minify: false } : {}) },
    ...(debug ? { mode: 'development' } : {}),
  })
  lap('client')
  await build({
    root,
    configLoader: 'runner',
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
  })
  lap('server')
} catch (error) {
  // The site-content plugin has already printed the YAML problems with file:line:col.
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

// The content the two Vite builds read (kept in memory for the process), and its entries kept
// in .cache/content for the next build or check.
const store = siteContentStore(root, false)
const content = store.content()
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
// Imported only now: its JSX must bind to the same (production) React as the server bundle.
const { writeOgImages } = await import('./og-images')
// The sharing images are drawn (in worker threads when there are many) while the pages are
// prerendered in this thread, so both cores work; the lap is the wait for them after prerendering.
const drawing = writeOgImages({ outDir, cacheDir, pages: content.pages, site: content.site! })
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

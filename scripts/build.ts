// npm run build: client bundle, server bundle, every page of pages/ prerendered to
// dist/<address>/index.html (TanStack Start's SPA prerender would render only the root),
// then sharing images, sitemap and host files, the service worker and precompressed copies.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { checkRenderedHeadings, type RenderBlocks } from '../src/engine/integrity/headings'
import { loadContent } from '../src/engine/load-content'
import { formatProblems, hasErrors } from '../src/engine/problems'
import { precompress } from './compress'
import { prerenderPages } from './prerender'
import { buildServiceWorker } from './service-worker'
import { writeSiteFiles } from './site-files'

const root = process.cwd()
const outDir = join(root, 'dist')
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
    ...(debug ? { mode: 'development', build: { minify: false } } : {}),
  })
  lap('client')
  await build({
    root,
    configLoader: 'runner',
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: '.cache/ssr', emptyOutDir: true, copyPublicDir: false },
  })
  lap('server')
} catch (error) {
  // The site-content plugin has already printed the YAML problems with file:line:col.
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const content = loadContent(root)
const serverEntry = (await import(
  pathToFileURL(join(root, '.cache/ssr/entry-server.js')).href
)) as typeof import('../src/entry-server')
// Headings are read off what the blocks render: a page whose outline is broken fails the build.
const headingProblems = await checkRenderedHeadings(content.parsed, serverEntry.renderBlocks as RenderBlocks)
if (headingProblems.length) console.error(formatProblems(headingProblems))
if (hasErrors(headingProblems)) process.exit(1)
const { written, redirects } = await prerenderPages({ outDir, content, render: serverEntry.render })
rmSync(join(root, '.cache/ssr'), { recursive: true, force: true })
lap('prerender')
// Imported only now: its JSX must bind to the same (production) React as the server bundle.
const { writeOgImages } = await import('./og-images')
const og = await writeOgImages({ root, outDir, pages: content.pages, site: content.site! })
lap(`sharing images (${og.rendered} of ${og.images} drawn)`)
await writeSiteFiles(outDir, content, redirects)
const sw = await buildServiceWorker(root, outDir)
lap(`service worker (${sw.precached} files precached)`)
const compressed = precompress(outDir)
lap(`compression (${compressed} files)`)

const ms = Math.round(performance.now() - started)
console.log(
  `Built ${written.length} pages (+404) in ${ms} ms (${(ms / written.length).toFixed(1)} ms per page): ${lap.laps.join(', ')}.`,
)

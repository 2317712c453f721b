// npm run build: client bundle, server bundle, then every page of pages/ prerendered to
// dist/<address>/index.html (TanStack Start's SPA prerender would render only the root).
import { rmSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { prerenderPages } from './prerender'

const root = process.cwd()
const started = performance.now()

try {
  // DEBUG_BUILD=1 keeps React's development build, whose hydration errors say what differs.
  const debug = process.env.DEBUG_BUILD === '1'
  await build({ root, configLoader: 'runner', logLevel: 'warn', ...(debug ? { mode: 'development', build: { minify: false } } : {}) })
  await build({
    root,
    configLoader: 'runner',
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: '.cache/ssr', emptyOutDir: true, copyPublicDir: false },
  })
} catch (error) {
  // The site-content plugin has already printed the YAML problems with file:line:col.
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const serverEntry = (await import(pathToFileURL(join(root, '.cache/ssr/entry-server.js')).href)) as typeof import('../src/entry-server')
const written = await prerenderPages({ root, outDir: join(root, 'dist'), render: serverEntry.render })
rmSync(join(root, '.cache/ssr'), { recursive: true, force: true })

const ms = Math.round(performance.now() - started)
console.log(`Built ${written.length} pages (+404) in ${ms} ms (${(ms / written.length).toFixed(1)} ms per page).`)

// Builds dist/sw.js from src/sw.ts with the list of files to precache: every hashed asset,
// the search index and the offline page, each with a revision so a new deploy replaces it.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { build, type Logger } from 'vite'
import { pageFileOf } from '../../content/addresses'
import { ENGINE_ROOT } from '../../engine/engine-root'

// Precached by its address, as hosts serve it (dist/offline.html itself would be redirected).
export const OFFLINE_PAGE = '/offline'

function revision(file: string) {
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16)
}

export function precacheManifest(outDir: string) {
  const assets = readdirSync(join(outDir, 'assets'))
    .filter((name) => /\.(js|css|woff2?)$/.test(name))
    .map((name) => ({ url: `/assets/${name}`, revision: null })) // hashed names are their own revision
  // Every language's search index (/search-index.json, /es/search-index.json).
  const searchIndexes = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.split(/[\\/]/).pop() === 'search-index.json')
    .map((file) => `/${file.split('\\').join('/')}`)
    .sort()
  const offline = { url: OFFLINE_PAGE, revision: revision(join(outDir, pageFileOf(OFFLINE_PAGE))) }
  const revised = [...searchIndexes, '/favicon.svg'].map((url) => ({ url, revision: revision(join(outDir, url)) }))
  return [...assets, offline, ...revised]
}

/** `log`: where Vite's messages go (default: printed, warnings and errors). */
export async function buildServiceWorker(root: string, outDir: string, log?: Logger) {
  const manifest = precacheManifest(outDir)
  await build({
    root: ENGINE_ROOT,
    configFile: false,
    logLevel: 'warn',
    customLogger: log,
    define: { __PRECACHE_MANIFEST__: JSON.stringify(manifest), __OFFLINE_PAGE__: JSON.stringify(OFFLINE_PAGE) },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      rollupOptions: { input: join(ENGINE_ROOT, 'src/sw.ts'), output: { entryFileNames: 'sw.js', format: 'iife' } },
    },
  })
  return { precached: manifest.length, file: relative(root, join(outDir, 'sw.js')) }
}

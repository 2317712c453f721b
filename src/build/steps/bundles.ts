// The build's two Vite builds: the client bundle into outDir (public/ copied, the pages' data
// files emitted), then the server bundle (src/entry-server.tsx, which the pages are prerendered
// with) into ssrDir. Vite is handed the engine's config for the site (src/vite/config.ts) with
// what this build holds: the content store it read first, the warnings already said, the build
// cache and where Vite's messages go.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type InlineConfig, type Logger, mergeConfig } from 'vite'
import type { ContentStore } from '../../engine/content-store'
import { siteViteConfig } from '../../vite/config'
import { BuildFailure } from '../report'

export type BundleOptions = {
  root: string
  outDir: string
  ssrDir: string
  cacheDir: string
  debug: boolean
  store: ContentStore
  log: Logger
  /** The warnings said: one set for both Vite builds, so that each is said once. */
  saidWarnings: Set<string>
}

/** The Vite config of the client build and of the server build. */
export function bundleConfigs(options: BundleOptions): { client: InlineConfig; server: InlineConfig } {
  const { root, outDir, ssrDir, cacheDir, debug, store, log, saidWarnings } = options
  const config = (overrides: InlineConfig): InlineConfig =>
    mergeConfig(siteViteConfig({ command: 'build', siteRoot: root, cacheDir, store, saidWarnings }), {
      configFile: false,
      logLevel: 'warn',
      customLogger: log,
      ...overrides,
    })
  return {
    client: config({
      build: { outDir, emptyOutDir: true, ...(debug ? { minify: false } : {}) },
      ...(debug ? { mode: 'development' } : {}),
    }),
    server: config({ build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false } }),
  }
}

/** One Vite build. It fails with Vite's message: the YAML's problems were said before it started. */
export async function bundle(step: 'client' | 'server', config: InlineConfig): Promise<void> {
  try {
    await build(config)
  } catch (error) {
    throw new BuildFailure(step, error instanceof Error ? error.message : String(error), [], { cause: error })
  }
}

type EntryServer = typeof import('../../entry-server')

/**
 * The server bundle's entry, and a digest of every file of the bundle (the code and data its
 * pages render with). Loaded by an address with the digest in it: a second build in the same
 * process loads its own bundle, not the module the first one left.
 */
export async function loadServerBundle(ssrDir: string): Promise<{ entry: EntryServer; digest: string }> {
  const digest = folderDigest(ssrDir)
  const url = `${pathToFileURL(join(ssrDir, 'entry-server.js')).href}?bundle=${digest}`
  return { entry: (await import(url)) as EntryServer, digest }
}

/** A digest of every file under `dir`. */
function folderDigest(dir: string): string {
  const hash = createHash('sha256')
  for (const name of (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).sort()) {
    const file = join(dir, name)
    if (statSync(file).isFile()) hash.update(`${name}\0`).update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

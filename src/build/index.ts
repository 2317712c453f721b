// buildSite: a site built into its output folder, one step after another (src/build/steps/): the
// content read and checked, the photos' variants, the client and server bundles, the rendered
// headings checked, every page prerendered (TanStack Start's SPA prerender would render only the
// root), the sharing images, the sitemap and host files, the service worker and the precompressed
// copies. It returns what it did (BuildReport) and never ends the process: problems that stop it
// reject it with a BuildFailure, for its caller to print.
import { cpSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createLogger, type Logger } from 'vite'
import type { ContentStore } from '../engine/content-store'
import type { RenderBlocks } from '../engine/integrity/headings'
import type { Content } from '../engine/load-content'
import type { BuildReport, StepName } from './report'
import { precompress } from './steps/compress'
import { readContent } from './steps/content'
import { checkHeadings } from './steps/headings'
import type { makeImages } from './steps/images'
import { prerenderPages } from './steps/prerender'
import { buildServiceWorker } from './steps/service-worker'
import type { writeOgImages } from './steps/sharing-images'
import { writeSiteFiles } from './steps/site-files'

export { BuildFailure, type BuildReport, summaryLine } from './report'

export type BuildOptions = {
  /** The site's folder (site.yaml, pages/, public/); default the working folder. */
  root?: string
  /** Where the site is written; default `root`/dist. */
  outDir?: string
  /** Where what need not be made again is kept between builds; default `root`/.cache. */
  cacheDir?: string
  /**
   * React's development build, whose hydration errors say what differs, and code not minified.
   * React is bound once a process: the first build's choice holds for the process.
   */
  debug?: boolean
  /** Where the build says what it finds as it goes (Vite's messages, the warnings); default printed as Vite prints. */
  log?: Logger
}

/** One build as it goes: its folders and settings, and the steps ended so far with their times. */
type Build = Required<BuildOptions> & {
  /** The server bundle, inside the project, where its imports resolve to node_modules. */
  ssrDir: string
  /** The sharing images are drawn while Vite empties and fills outDir: they wait here until it is done. */
  ogDir: string
  started: number
  steps: BuildReport['steps']
  done(step: StepName): void
  saidWarnings: Set<string>
}

type Images = Awaited<ReturnType<typeof makeImages>>
type Drawing = ReturnType<typeof writeOgImages>

export async function buildSite(options: BuildOptions = {}): Promise<BuildReport> {
  const build = startBuild(options)
  const { store, content: read } = readContent(build.root, build.cacheDir)
  build.done('content')
  // Loaded once NODE_ENV is set (startBuild), as is all that renders with React.
  const { makeImages } = await import('./steps/images')
  const images = await makeImages(build.root, build.cacheDir, read, build.log)
  store.setImages(images.catalogue)
  const content = store.content()
  build.done('images')
  // The sharing images are drawn in worker threads from now on, while Vite bundles and the pages
  // are prerendered in this thread: at a thousand pages they are the build's largest piece of work.
  const { writeOgImages } = await import('./steps/sharing-images')
  const drawing = writeOgImages({
    outDir: build.ogDir,
    cacheDir: build.cacheDir,
    pages: content.pages,
    site: content.site!,
  })
  // Its failure is the build's once it is waited for, not before.
  drawing.catch(() => undefined)
  try {
    return await bundledAndWritten(build, store, content, images, drawing)
  } finally {
    await drawing.catch(() => undefined)
    rmSync(build.ogDir, { recursive: true, force: true })
    rmSync(build.ssrDir, { recursive: true, force: true })
  }
}

function startBuild(options: BuildOptions): Build {
  const started = performance.now()
  const root = resolve(options.root ?? process.cwd())
  const outDir = resolve(root, options.outDir ?? 'dist')
  const debug = options.debug ?? false
  // Set before anything imports React (the sharing images' JSX, the server bundle), so all bind to
  // the same build of it, the one Vite builds for. Only `debug` keeps the development build: a
  // build started by a test runner inherits vitest's "test", and built with it the site shipped
  // React's development build (its client code defines process.env.NODE_ENV from it) and missed
  // every cache entry of the production builds.
  process.env.NODE_ENV = debug ? 'development' : 'production'
  const ssrDir = join(root, '.cache', outDir === join(root, 'dist') ? 'ssr' : `ssr-${process.pid}`)
  const ogDir = `${ssrDir}-og`
  rmSync(ogDir, { recursive: true, force: true })
  const steps: BuildReport['steps'] = []
  let last = started
  const done = (step: StepName) => {
    const now = performance.now()
    steps.push({ step, ms: Math.round(now - last) })
    last = now
  }
  const cacheDir = resolve(root, options.cacheDir ?? '.cache')
  const log = options.log ?? createLogger('warn')
  return { root, outDir, cacheDir, debug, log, ssrDir, ogDir, started, steps, done, saidWarnings: new Set() }
}

/** The steps from the bundles on: the pages and every file beside them written into outDir. */
async function bundledAndWritten(
  build: Build,
  store: ContentStore,
  content: Content,
  images: Images,
  drawing: Drawing,
): Promise<BuildReport> {
  const { root, outDir, ssrDir, ogDir, cacheDir, log } = build
  const { bundleConfigs, bundle, loadServerBundle } = await import('./steps/bundles')
  const configs = bundleConfigs({ ...build, store })
  await bundle('client', configs.client)
  build.done('client')
  await bundle('server', configs.server)
  build.done('server')
  store.save()
  const server = await loadServerBundle(ssrDir)
  const headingProblems = await checkHeadings(build, content, server.entry.renderBlocks as RenderBlocks)
  build.done('headings')
  const render = server.entry.render
  const pages = await prerenderPages({ outDir, content, render, cacheDir, serverDigest: server.digest })
  rmSync(ssrDir, { recursive: true, force: true })
  build.done('prerender')
  const og = await drawing
  cpSync(ogDir, outDir, { recursive: true })
  const { writeImages } = await import('./steps/images')
  await writeImages(outDir, images.files)
  build.done('sharing images')
  await writeSiteFiles(outDir, content, pages.redirects)
  build.done('site files')
  const sw = await buildServiceWorker(root, outDir, log)
  build.done('service worker')
  const compressed = await precompress(outDir, cacheDir)
  build.done('compression')
  return {
    pages: pages.written,
    steps: build.steps,
    cache: {
      pagesRendered: pages.rendered,
      pagesWritten: pages.written.length,
      imagesRead: images.images,
      imagesEncoded: images.encoded,
      sharingImagesDrawn: og.rendered,
      sharingImages: og.images,
      filesCompressedAnew: compressed.compressed,
      filesCompressed: compressed.files,
      filesPrecached: sw.precached,
    },
    problems: [...content.problems, ...images.problems, ...headingProblems],
    ms: Math.round(performance.now() - build.started),
  }
}

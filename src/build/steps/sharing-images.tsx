// One 1200×630 sharing image per page, drawn at build time from the page's title on the
// brand's card (satori lays it out as SVG, resvg renders the PNG). Cached by everything the
// card shows and by the renderer (this file, satori, resvg and the fonts), so an unchanged page
// costs nothing on the next build and a new card design redraws every image. A cache entry's
// name carries the SHA-256 of its bytes: a truncated or damaged entry is drawn again, never
// copied to dist/. Many images (a cold build) are drawn in worker threads, one per core.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isMainThread, parentPort, Worker } from 'node:worker_threads'
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'
import { generatedOgImage } from '../../app/head'
import type { PageData } from '../../blocks/types'
import type { SiteConfig } from '../../content/types'
import { sha256, VerifiedCache } from '../cache'

const WIDTH = 1200
const HEIGHT = 630
const here = fileURLToPath(import.meta.url)

/** Everything a card shows: its cache key is the hash of this (and of the renderer). */
export type CardText = { title: string; kicker: string; company: string; line: string }

const packageFile = (name: string) => fileURLToPath(import.meta.resolve(name))
const fontFile = (weight: 400 | 700) => packageFile(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)

// Read once: satori keeps parsed fonts per fonts array, so the same array is passed to every call.
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined
const loadFonts = () => {
  fonts ??= ([400, 700] as const).map((weight) => ({
    name: 'Inter',
    data: readFileSync(fontFile(weight)),
    weight,
    style: 'normal' as const,
  }))
  return fonts
}

/** A package's version, from the package.json above its entry (not every package exports ./package.json). */
const versionOf = (name: string) => {
  let dir = dirname(packageFile(name))
  for (;;) {
    const file = join(dir, 'package.json')
    const found = existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string })
    if (found && found.name === name) return found.version
    if (dirname(dir) === dir) throw new Error(`No package.json found for ${name}`)
    dir = dirname(dir)
  }
}

/** Changes when the card's design or what draws it changes: this file, satori, resvg, the fonts. */
export const rendererVersion = () =>
  sha256(
    JSON.stringify([
      sha256(readFileSync(here)),
      versionOf('satori'),
      versionOf('@resvg/resvg-js'),
      ...loadFonts().map((f) => sha256(f.data)),
    ]),
  ).slice(0, 16)

function Card({ title, kicker, company, line }: CardText) {
  return (
    <div
      style={{
        width: WIDTH,
        height: HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        padding: 72,
        position: 'relative',
        background: 'linear-gradient(135deg, #0b2545 0%, #13315c 100%)',
        color: '#ffffff',
        fontFamily: 'Inter',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <svg width="64" height="64" viewBox="0 0 32 32" aria-hidden="true">
          <path fill="#f2c14e" d="M16 2 4 6v9c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V6z" />
          <path fill="#0b2545" d="M16 6.2 8 9v6c0 5 3.3 9.1 8 10.5 4.7-1.4 8-5.5 8-10.5V9z" />
        </svg>
        <div style={{ fontSize: 34, fontWeight: 700, color: '#f2c14e' }}>{company}</div>
      </div>
      {/* As wide as the card inside its padding: a long title wraps there instead of running off the edge. */}
      <div style={{ display: 'flex', flexDirection: 'column', width: WIDTH - 2 * 72, marginTop: 110, gap: 18 }}>
        <div style={{ fontSize: 28, textTransform: 'uppercase', letterSpacing: 3, color: '#c9d6e6' }}>{kicker}</div>
        <div style={{ fontSize: title.length > 60 ? 58 : 68, fontWeight: 700, lineHeight: 1.1 }}>{title}</div>
        <div style={{ fontSize: 30, color: '#f2c14e', marginTop: 12 }}>{line}</div>
      </div>
    </div>
  )
}

/** The page's own heading, without the SEO suffix. */
function titleOf(page: PageData) {
  const first = page.blocks[0] as { heading?: string }
  return first.heading ?? page.meta.title
}

/** Draws one card as a PNG. */
export async function renderPng(card: CardText): Promise<Buffer> {
  const svg = await satori(<Card {...card} />, { width: WIDTH, height: HEIGHT, fonts: loadFonts() })
  // Satori draws the text as paths: resvg needs no fonts, and scanning the system's costs ~3 ms a card.
  return new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH }, font: { loadSystemFonts: false } }).render().asPng()
}

/** The cards of the site's pages (those without an image of their own) and the site's default image. */
export function cardsOf(pages: PageData[], site: SiteConfig): { file: string; card: CardText }[] {
  const common = {
    company: site.company.name,
    line: `Licensed and veteran-owned. ${site.claims.response}: ${site.company.phone.display}`,
  }
  return [
    ...pages
      .filter((p) => !p.meta.ogImage)
      .map((p) => ({
        file: generatedOgImage(p.path),
        card: {
          title: titleOf(p),
          kicker: p.breadcrumbs.length > 2 ? p.breadcrumbs.at(-2)!.label : site.company.address.regionName,
          ...common,
        },
      })),
    { file: site.seo.defaultImage, card: { title: site.company.description, kicker: site.seo.siteName, ...common } },
  ]
}

// Fewer images than this are drawn in this thread: starting a worker costs about as much as a few images.
const WORKERS_FROM = 8

/** Draws the cards, in worker threads when there are many. */
async function drawAll(cards: CardText[], onDrawn: (index: number, png: Buffer) => Promise<void>) {
  const threads = Math.min(availableParallelism(), Math.ceil(cards.length / (WORKERS_FROM / 2)))
  if (cards.length < WORKERS_FROM || threads < 2) {
    for (const [index, card] of cards.entries()) await onDrawn(index, await renderPng(card))
    return
  }
  let next = 0
  const work = async () => {
    const worker = startWorker()
    try {
      while (next < cards.length) {
        const index = next++
        await onDrawn(index, await worker.draw(cards[index]))
      }
    } finally {
      await worker.stop()
    }
  }
  await Promise.all(Array.from({ length: threads }, work))
}

/**
 * A worker thread that draws cards. It runs this file through tsx's loader (registered in the
 * worker: Node 20 does not pass `--import tsx` on to workers), with the main thread's
 * NODE_ENV, so the card's JSX binds to the same React build as the rest of the build.
 */
function startWorker() {
  const tsx = import.meta.resolve('tsx/esm/api')
  const self = pathToFileURL(here).href
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(self)}) })`
  const worker = new Worker(bootstrap, {
    eval: true,
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  })
  let pending: { resolve: (png: Buffer) => void; reject: (error: unknown) => void } | undefined
  let failure: unknown
  const fail = (error: unknown) => {
    failure = error
    pending?.reject(error)
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`A sharing-image worker stopped (exit code ${code})`)))
  worker.on('message', (message: { png?: Uint8Array; error?: string }) => {
    const settle = pending
    pending = undefined
    if (message.png) settle?.resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength))
    else settle?.reject(new Error(message.error))
  })
  return {
    draw: (card: CardText) =>
      new Promise<Buffer>((resolve, reject) => {
        if (failure) return reject(failure)
        pending = { resolve, reject }
        worker.postMessage(card)
      }),
    stop: async () => {
      worker.removeAllListeners('exit')
      await worker.terminate()
    },
  }
}

// In a worker: draw each card the main thread sends.
if (!isMainThread && parentPort) {
  const port = parentPort
  port.on('message', async (card: CardText) => {
    try {
      // resvg's PNG lives in memory outside JavaScript's heap, which Node 22 refuses to hand to
      // another thread (DataCloneError): its bytes are copied into an ArrayBuffer that is handed over.
      const png = new Uint8Array(await renderPng(card))
      port.postMessage({ png }, [png.buffer])
    } catch (error) {
      port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    }
  })
}

/** A card's entry in the build's cache: what it shows, drawn by this version of the renderer. */
const cardKey = (version: string, card: CardText) => sha256(JSON.stringify([version, card])).slice(0, 32)

/**
 * One card as a PNG, for the page editor's preview of a page's share card: the build's own image
 * when its cache (`cacheDir`/og) has this very card drawn by this renderer, else drawn now. Only
 * read: a draft's card is not kept for the build.
 */
export async function cardPng(card: CardText, cacheDir: string): Promise<Buffer> {
  const dir = join(cacheDir, 'og')
  const cached = existsSync(dir) ? new VerifiedCache(dir).read(cardKey(rendererVersion(), card), 'png') : undefined
  return cached ?? renderPng(card)
}

export async function writeOgImages({
  outDir,
  cacheDir,
  pages,
  site,
}: {
  outDir: string
  /** The build's cache folder (BUILD_CACHE_DIR); images are kept in its og/ folder. */
  cacheDir: string
  pages: PageData[]
  site: SiteConfig
}) {
  const cache = new VerifiedCache(join(cacheDir, 'og'))
  const jobs = cardsOf(pages, site)
  const version = rendererVersion()
  const keys = jobs.map((job) => cardKey(version, job.card))
  const write = (index: number, png: Buffer) => {
    const target = join(outDir, jobs[index].file)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, png)
  }
  // Several pages may share a card (the same title and kicker): each is drawn once.
  const toDraw = new Map<string, number[]>()
  for (const [index, key] of keys.entries()) {
    const cached = cache.read(key, 'png')
    if (cached) write(index, cached)
    else toDraw.set(key, [...(toDraw.get(key) ?? []), index])
  }
  const missing = [...toDraw.keys()]
  await drawAll(
    missing.map((key) => jobs[toDraw.get(key)![0]].card),
    async (i, png) => {
      await cache.write(missing[i], 'png', png)
      for (const index of toDraw.get(missing[i])!) write(index, png)
    },
  )
  await cache.removeUnused()
  return { images: jobs.length, rendered: missing.length }
}

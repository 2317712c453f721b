// The image pipeline (sharp): every raster image the pages show is made into variants at a few
// widths, never wider than the file, in AVIF and WebP and in its own format as the fallback (a
// GIF's is a PNG: as lossless, without a GIF's 256 colours), named by their bytes under
// dist/assets/images/ (cached for good, like the app's code). The
// orientation is applied and every variant written without metadata: no EXIF (GPS), XMP or
// IPTC (nor a GIF's comment) leaves the build. A drawing (SVG) is shipped as it is; only its
// size is read. An animated image a page names is npm run check's to refuse (../image-checks.ts):
// its variants would be still.
//
// Each encode is kept in the build cache (BUILD_CACHE_DIR/images), keyed by the source's
// bytes and the settings: a warm build encodes nothing it encoded before, and a cold one makes
// the same bytes, so deleting the cache gives the same dist/.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { basename, dirname, extname, join, sep } from 'node:path'
import sharp, { type OutputInfo, type Sharp } from 'sharp'
import type { Logger } from 'vite'
import { layoutOf } from '../../blocks/_shared/image-layouts'
import type { PageData } from '../../blocks/types'
import { type BuiltImage, heroImageOf, type ImageField, photoCardOf } from '../../content/picture'
import type { Content } from '../../engine/load-content'
import { formatProblems, hasErrors, type Problem } from '../../engine/problems'
import { sha256, VerifiedCache } from '../cache'
import { checkImageFiles } from '../image-checks'
import { publicFile } from '../public-files'
import { BuildFailure } from '../report'

/**
 * The widths made of each photo (those up to its own width, and its own when narrower than the
 * last): steps of about a quarter, so that the one a screen takes is never much wider than it
 * shows (a phone of 412 px at 1.75× shows a hero 665 px wide: it takes the 720).
 */
export const WIDTHS = [360, 480, 600, 720, 960, 1200, 1440, 1920] as const
const OUT = 'assets/images'
const RASTER = /\.(jpe?g|png|webp|avif|gif)$/i
const CARD = { width: 1200, height: 630 }

type Format = 'avif' | 'webp' | 'jpeg' | 'png' | 'gif'
const MIME: Record<Format, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
}
const EXT: Record<Format, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', gif: 'gif' }

/** Every setting that changes a variant's bytes: part of every cache key. */
const SETTINGS = {
  widths: WIDTHS,
  avif: { quality: 50, effort: 3 },
  webp: { quality: 70, effort: 4 },
  jpeg: { quality: 74, mozjpeg: true },
  png: { compressionLevel: 9, effort: 7 },
  preview: { width: 16, quality: 40 },
  card: { ...CARD, quality: 80, mozjpeg: true },
  sharp: sharp.versions,
}
const settingsKey = sha256(JSON.stringify(SETTINGS)).slice(0, 16)

/**
 * An image a page shows; `first` when it is a page's hero (it gets a blurred preview); `frame`
 * the shape its block crops it to (width ÷ height), which its variants are cut to around `focus`
 * (absent when it is shown whole, or in frames of different shapes).
 */
export type ImageUse = { src: string; first: boolean; frame?: number; focus?: ImageField['focus'] }

/** The image fields of the pages' blocks (their src, whether a hero's), and the sharing cards to cut. */
export function imageUses(pages: readonly PageData[]): {
  uses: ImageUse[]
  cards: { src: string; focus?: ImageField['focus']; file: string }[]
} {
  const found = new Map<string, ImageUse & { frames: Set<number | undefined> }>()
  const walk = (value: unknown, hero: boolean, frame: number | undefined) => {
    if (Array.isArray(value)) for (const v of value) walk(v, hero, frame)
    else if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>
      if (typeof obj.src === 'string' && typeof obj.alt === 'string' && obj.src.startsWith('/')) {
        const use = found.get(obj.src) ?? { src: obj.src, first: false, frames: new Set() }
        use.first ||= hero
        use.frames.add(frame)
        use.focus ??= obj.focus as ImageField['focus']
        found.set(obj.src, use)
      }
      for (const v of Object.values(obj)) walk(v, hero, frame)
    }
  }
  const cards = []
  for (const page of pages) {
    page.blocks.forEach((block, i) => {
      walk(block, i === 0, layoutOf([], (block as { type?: string }).type)?.frame)
    })
    const hero = heroImageOf(page.blocks)
    if (hero && RASTER.test(hero.src) && !page.meta.ogImage)
      cards.push({ src: hero.src, focus: hero.focus, file: photoCardOf(page.path) })
  }
  const uses = [...found.values()].map(({ frames, ...use }) => {
    const [frame] = frames
    return frames.size === 1 && frame ? { ...use, frame } : { src: use.src, first: use.first }
  })
  return { uses, cards }
}

/** The widths to make of an image `width` pixels wide: never wider than it. */
export function widthsFor(width: number): number[] {
  const widths: number[] = WIDTHS.filter((w) => w <= width)
  if (width < WIDTHS[WIDTHS.length - 1] && widths.at(-1) !== width) widths.push(width)
  return widths
}

type Info = {
  width: number
  height: number
  color?: string
  preview?: string
  /** Each variant, by format, narrowest first: its file under dist/ (in the cache, its name's stem, `<name>-<width>`). */
  variants: { format: Format; width: number; file: string }[]
}

type Cached = (key: string, ext: string, make: () => Promise<Buffer>) => Promise<Buffer>

type Result = {
  catalogue: Map<string, BuiltImage>
  /** dist/-relative file -> bytes, to write once Vite has emptied and filled dist/. */
  files: Map<string, Buffer>
  /** Images read, variants and cards encoded anew (0 on a warm build). */
  images: number
  encoded: number
}

/** Makes (or takes from the cache) every variant of every image the pages show, and the photo sharing cards. */
export async function buildImages({
  publicDir,
  cacheDir,
  pages,
}: {
  publicDir: string
  cacheDir: string
  pages: readonly PageData[]
}): Promise<Result> {
  const cache = new VerifiedCache(join(cacheDir, 'images'))
  const result: Result = { catalogue: new Map(), files: new Map(), images: 0, encoded: 0 }
  /** The cache's entry, or `make`'s bytes, kept in the cache and counted as encoded. */
  const cached: Cached = async (key, ext, make) => {
    const hit = cache.read(key, ext)
    if (hit) return hit
    const data = await make()
    result.encoded++
    await cache.write(key, ext, data)
    return data
  }
  const { uses, cards } = imageUses(pages)
  const sources = new Map<string, Buffer | undefined>()
  const read = (src: string) => {
    if (!sources.has(src)) {
      const file = publicFile(publicDir, src)
      // A missing file is npm run check's to report (with its place in the YAML).
      sources.set(src, file && existsSync(file) ? readFileSync(file) : undefined)
    }
    return sources.get(src)
  }
  for (const use of uses) {
    const bytes = read(use.src)
    if (!bytes) continue
    result.images++
    if (RASTER.test(use.src)) result.catalogue.set(use.src, builtImage(await variantsOf(use, bytes, cached, result)))
    else {
      const { width, height } = await sharp(bytes).metadata()
      if (width && height) result.catalogue.set(use.src, { width, height })
    }
  }
  for (const card of cards) {
    const bytes = read(card.src)
    if (!bytes) continue
    const key = sha256(JSON.stringify([settingsKey, sha256(bytes), card.focus ?? null, 'card'])).slice(0, 32)
    result.files.set(card.file.slice(1), await cached(key, 'jpg', () => cutCard(bytes, card.focus)))
  }
  // Vite copies public/ into dist/ as it is: each photo there is replaced by a copy without
  // metadata, every frame of an animation kept.
  for (const file of rasterFiles(publicDir)) {
    const bytes = readFileSync(join(publicDir, file))
    const key = sha256(JSON.stringify([settingsKey, sha256(bytes), 'stripped', 'every frame'])).slice(0, 32)
    const format = ownFormat(file)
    const stripped = () => encoder(sharp(bytes, { animated: true }).autoOrient(), format).toBuffer()
    result.files.set(file, await cached(key, EXT[format], stripped))
  }
  await cache.removeUnused()
  return result
}

/**
 * The build's images step: the files the pages name are checked first (an error ends the build),
 * then every variant is made or taken from the cache. The pages' data (their image fields' sizes
 * and variants, a hero photo's sharing card) is completed with what it makes before anything
 * renders it.
 */
export async function makeImages(
  root: string,
  cacheDir: string,
  content: Content,
  log: Pick<Logger, 'warn'>,
): Promise<Result & { problems: Problem[] }> {
  const problems = await checkImageFiles(root, content.parsed)
  if (hasErrors(problems)) throw new BuildFailure('images', formatProblems(problems), problems)
  if (problems.length) log.warn(formatProblems(problems))
  const made = await buildImages({ publicDir: join(root, 'public'), cacheDir, pages: content.pages })
  return { ...made, problems }
}

/** The raster images in public/, relative to it. */
function rasterFiles(publicDir: string): string[] {
  return (readdirSync(publicDir, { recursive: true, encoding: 'utf8' }) as string[])
    .map((name) => name.split(sep).join('/'))
    .filter((name) => RASTER.test(name))
    .sort()
}

/** Writes the variants, cards and stripped copies into dist/. */
export async function writeImages(outDir: string, files: ReadonlyMap<string, Buffer>) {
  for (const [file, bytes] of files) {
    const target = join(outDir, file)
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, bytes)
  }
}

function builtImage(info: Info): BuiltImage {
  const formats = [...new Set(info.variants.map((v) => v.format))]
  const sources = formats.map((format) => ({
    type: MIME[format],
    srcset: info.variants
      .filter((v) => v.format === format)
      .map((v) => `/${v.file} ${v.width}w`)
      .join(', '),
  }))
  const fallback = info.variants.filter((v) => v.format === formats.at(-1))
  return {
    width: info.width,
    height: info.height,
    sources,
    src: `/${fallback.at(-1)!.file}`,
    ...(info.color ? { color: info.color } : {}),
    ...(info.preview ? { preview: info.preview } : {}),
  }
}

/**
 * The fallback: the file's own format (JPEG for a JPEG, PNG for a PNG), a PNG for a GIF (as
 * lossless, in more than 256 colours); a WebP or AVIF file needs none besides those.
 */
function formatsFor(src: string): Format[] {
  const own = ownFormat(src)
  return [...new Set<Format>(['avif', 'webp', own === 'gif' ? 'png' : own])]
}

function ownFormat(src: string): Format {
  const own = extname(src).slice(1).toLowerCase()
  return own === 'jpg' ? 'jpeg' : (own as Format)
}

function encoder(image: Sharp, format: Format): Sharp {
  if (format === 'avif') return image.avif(SETTINGS.avif)
  if (format === 'webp') return image.webp(SETTINGS.webp)
  if (format === 'jpeg') return image.jpeg(SETTINGS.jpeg)
  if (format === 'gif') return image.gif()
  return image.png(SETTINGS.png)
}

async function variantsOf(use: ImageUse, bytes: Buffer, cached: Cached, result: Result): Promise<Info> {
  const source = sha256(bytes)
  const crop = { frame: use.frame ?? null, focus: use.frame ? (use.focus ?? null) : null }
  const keyOf = (...parts: unknown[]) => sha256(JSON.stringify([settingsKey, source, crop, ...parts])).slice(0, 32)
  // The file is decoded once, upright, cut to its frame, at the widest variant's width; every variant is made from that.
  let master: Promise<{ data: Buffer; info: OutputInfo }> | undefined
  const fromMaster = async () => {
    master ??= (async () => {
      const upright = await sharp(bytes).autoOrient().raw().toBuffer({ resolveWithObject: true })
      const { width, height, channels } = upright.info
      return sharp(upright.data, { raw: { width, height, channels } })
        .extract(cropOf(width, height, use))
        .resize({ width: WIDTHS[WIDTHS.length - 1], withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true })
    })()
    const { data, info } = await master
    return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  }
  const info = JSON.parse(
    (
      await cached(keyOf('info', use.first), 'json', async () => Buffer.from(JSON.stringify(await describe())))
    ).toString('utf8'),
  ) as Info
  const named: Info = { ...info, variants: [] }
  for (const variant of info.variants) {
    const ext = EXT[variant.format]
    const data = await cached(keyOf(variant.format, variant.width), ext, async () =>
      encoder((await fromMaster()).resize({ width: variant.width }), variant.format).toBuffer(),
    )
    // Named by its bytes: a changed variant is a new address, never a stale copy in a browser's cache.
    const file = `${OUT}/${variant.file}.${sha256(data).slice(0, 10)}.${ext}`
    named.variants.push({ ...variant, file })
    result.files.set(file, data)
  }
  return named

  /** The photo's upright size, the variants to make of it, its average colour and (a hero's) preview. */
  async function describe(): Promise<Info> {
    const meta = await sharp(bytes).metadata()
    const { width, height } = cropOf(meta.autoOrient.width, meta.autoOrient.height, use)
    const stem = basename(use.src, extname(use.src)).replace(/[^a-zA-Z0-9-]/g, '-')
    const variants = formatsFor(use.src).flatMap((format) =>
      widthsFor(width).map((w) => ({ format, width: w, file: `${stem}-${w}` })),
    )
    const described: Info = { width, height, variants }
    if (meta.hasAlpha) return described
    const tiny = (await fromMaster()).resize({ width: SETTINGS.preview.width })
    const { channels } = await tiny.clone().stats()
    const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0')
    described.color = `#${channels
      .slice(0, 3)
      .map((c) => hex(c.mean))
      .join('')}`
    if (use.first) {
      const webp = await tiny.webp({ quality: SETTINGS.preview.quality }).toBuffer()
      described.preview = `data:image/webp;base64,${webp.toString('base64')}`
    }
    return described
  }
}

/** Where a part `part` long of a side `size` long starts, centred on `share` % of it as far as the side allows. */
const at = (share: number, size: number, part: number) =>
  Math.min(size - part, Math.max(0, Math.round((share / 100) * size - part / 2)))

/** The part of an upright image `width`×`height` its frame shows: the widest of the frame's shape, around its focus point. */
function cropOf(width: number, height: number, { frame, focus }: ImageUse) {
  if (!frame) return { left: 0, top: 0, width, height }
  const w = Math.min(width, Math.round(height * frame))
  const h = Math.min(height, Math.round(width / frame))
  return { left: at(focus?.x ?? 50, width, w), top: at(focus?.y ?? 50, height, h), width: w, height: h }
}

/** The 1200×630 sharing card cut from a photo around its focal point (the centre when it has none). */
export async function cutCard(bytes: Buffer, focus: ImageField['focus']): Promise<Buffer> {
  const { width, height } = (await sharp(bytes).metadata()).autoOrient
  const scale = Math.max(CARD.width / width, CARD.height / height)
  const w = Math.max(CARD.width, Math.round(width * scale))
  const h = Math.max(CARD.height, Math.round(height * scale))
  return sharp(bytes)
    .autoOrient()
    .resize(w, h, { fit: 'fill' })
    .extract({ left: at(focus?.x ?? 50, w, CARD.width), top: at(focus?.y ?? 50, h, CARD.height), ...CARD })
    .jpeg({ quality: SETTINGS.card.quality, mozjpeg: SETTINGS.card.mozjpeg })
    .toBuffer()
}

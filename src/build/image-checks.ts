// What npm run check (and the build) find in the image files the pages name, each reported at
// the image's place in the YAML with a fix: a photo too heavy or too large to be a web page's
// (over 20 MB, over 6000 px), one narrower than its block shows it (it would be stretched), a
// width or height written that is not the file's, and a drawing (SVG) that could run code or
// load something from elsewhere (a script, an event handler, an external reference), an
// animation (an animated GIF or WebP: the pipeline makes still variants, and a GIF animation
// weighs many times a video's), and a photo whose author, source and licence
// public/images/credits.yaml does not record.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { parse } from 'yaml'
import { layoutOf } from '../blocks/_shared/image-layouts'
import { imagesOfPage } from '../engine/integrity/images'
import type { ParsedPage } from '../engine/parsed-page'
import type { Problem } from '../engine/problems'
import { problemAt } from '../engine/yaml-source'
import { publicFile } from './public-files'

export const MAX_BYTES = 20 * 1024 * 1024
export const MAX_PIXELS = 6000
const CREDITS = 'images/credits.yaml'
const RASTER = /\.(jpe?g|png|webp|avif|gif)$/i

type FileFacts = { bytes: number; width?: number; height?: number; frames?: number; svgProblem?: string }

/** What an SVG must not do on a web page: run code or load from elsewhere (the first found, with its line). */
export function svgProblem(text: string): string | undefined {
  const rules: [RegExp, string][] = [
    [/<script\b/i, 'a <script>'],
    [/\son[a-z]+\s*=/i, 'an event handler (an on…= attribute)'],
    [/<foreignObject\b/i, 'a <foreignObject> (HTML inside the drawing)'],
    [/\b(?:xlink:)?href\s*=\s*["']\s*(?!#)/i, 'a reference to another file or address (href not starting with #)'],
    [/url\(\s*["']?\s*(?!#)/i, 'a url() to another file or address'],
    [/@import\b/i, 'an @import'],
  ]
  for (const [pattern, what] of rules) {
    const match = pattern.exec(text)
    if (match) return `${what} on its line ${text.slice(0, match.index).split('\n').length}`
  }
  return undefined
}

async function factsOf(file: string): Promise<FileFacts | undefined> {
  const stat = statSync(file, { throwIfNoEntry: false })
  if (!stat?.isFile()) return undefined
  if (/\.svg$/i.test(file)) return { bytes: stat.size, svgProblem: svgProblem(readFileSync(file, 'utf8')) }
  if (!RASTER.test(file) || stat.size > MAX_BYTES) return { bytes: stat.size }
  try {
    const meta = await sharp(file).metadata()
    return { bytes: stat.size, ...meta.autoOrient, frames: meta.pages }
  } catch {
    return { bytes: stat.size }
  }
}

/** The photos public/images/credits.yaml records with an author, a source and a licence. */
export function creditedPhotos(publicDir: string): Set<string> {
  let data: unknown
  try {
    data = parse(readFileSync(join(publicDir, CREDITS), 'utf8'))
  } catch {
    return new Set()
  }
  const photos = (data as { photos?: unknown } | null)?.photos
  const filled = (v: unknown) => typeof v === 'string' && v.trim() !== ''
  return new Set(
    (Array.isArray(photos) ? photos : []).flatMap((p: Record<string, unknown>) =>
      p && filled(p.src) && filled(p.author) && filled(p.source) && filled(p.licence) ? [p.src as string] : [],
    ),
  )
}

const valueAt = (data: unknown, path: readonly (string | number)[]) =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], data)

/** Every problem of the image files the pages show, at their places in the YAML. */
export async function checkImageFiles(root: string, pages: readonly ParsedPage[]): Promise<Problem[]> {
  const publicDir = join(root, 'public')
  const facts = new Map<string, Promise<FileFacts | undefined>>()
  const problems: Problem[] = []
  const credited = creditedPhotos(publicDir)
  for (const page of pages) {
    for (const ref of imagesOfPage(page)) {
      const file = publicFile(publicDir, ref.src)
      if (!file) continue
      if (!facts.has(file)) facts.set(file, factsOf(file))
      const found = await facts.get(file)
      if (!found) continue // a missing file is reported by the integrity checks
      const at = (path: readonly (string | number)[], message: string) =>
        problems.push(problemAt(ref.source, path, message))
      const mb = (found.bytes / 1024 / 1024).toFixed(1)
      if (found.svgProblem)
        at(
          ref.path,
          `public${ref.src} has ${found.svgProblem}: a drawing on the site may not run code or load anything; remove it from the SVG (or export it again as a plain drawing)`,
        )
      if (found.bytes > MAX_BYTES && RASTER.test(ref.src))
        at(
          ref.path,
          `public${ref.src} is ${mb} MB, over the 20 MB a source photo may be: export it again as a JPEG at most 4000 px on its long side (quality about 85)`,
        )
      if (RASTER.test(ref.src) && !credited.has(ref.src))
        at(
          ref.path,
          `public${ref.src} is not in public/${CREDITS}: add it under photos: with its author, its source and the licence it is used under (see the top of that file)`,
        )
      if (found.frames && found.frames > 1 && RASTER.test(ref.src))
        at(
          ref.path,
          `public${ref.src} is an animation (${found.frames} frames): a page shows a still image, and an animated GIF weighs many times a video of it; export the frame to show as a JPEG or PNG and name that file here`,
        )
      const { width, height } = found
      if (!width || !height) continue
      if (Math.max(width, height) > MAX_PIXELS)
        at(
          ref.path,
          `public${ref.src} is ${width}×${height} px, over the 6000 px a source photo may be: resize it to at most 4000 px on its long side`,
        )
      const object = ref.path.slice(0, -1)
      const image = valueAt(page.raw, object) as { width?: number; height?: number } | undefined
      for (const [key, real] of [
        ['width', width],
        ['height', height],
      ] as const)
        if (image?.[key] !== undefined && image[key] !== real)
          at(
            [...object, key],
            `${key}: ${image[key]}, but public${ref.src} is ${real} px ${key === 'width' ? 'wide' : 'high'}: remove width and height (the build reads them from the file), or write ${key}: ${real}`,
          )
      const blockType =
        ref.path[0] === 'blocks' ? (page.raw.blocks[ref.path[1] as number] as { type?: string })?.type : undefined
      const layout = layoutOf(ref.path, blockType)
      if (layout && RASTER.test(ref.src) && width < layout.widest)
        at(
          ref.path,
          `public${ref.src} is ${width} px wide, but this block shows it up to ${layout.widest} px wide, where it would be stretched and blurred: use a photo at least ${layout.widest} px wide (2× that is sharp on phones)`,
        )
    }
  }
  return problems
}

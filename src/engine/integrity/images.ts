// 5. Images: every referenced file exists in public/, and every image says what it shows.
//
// Alt text: image objects must have `alt` (the schemas require the key). A description is
// the norm; an explicit empty `alt: ""` marks the image decorative (screen readers skip it),
// which is right when the text next to it already says everything (e.g. a card's title).
// What is rejected: alt text that is only spaces, or a file name or a placeholder word
// ("image", "photo"), which screen readers would read out instead of a description.
//
// Icons need no check here: every `icon` field's schema is the enum of src/icon-names.ts, and
// src/icons.ts is typed Record<IconName, …>, so an unknown name already fails validation (with
// the nearest name suggested) and the list and the bundled icons cannot drift apart.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import type { ImageRef, ParsedPage } from '../parsed-page'
import type { PathSegment, Problem } from '../problems'
import { suggest } from '../suggest'
import type { YamlSource } from '../yaml-source'
import { problemAt } from '../yaml-source'
import type { Context } from './context'

/** Sharing images under /og/ are generated into dist/ at build time, not kept in public/. */
export const GENERATED_PREFIX = '/og/'

const PLACEHOLDER_ALTS = new Set(['image', 'img', 'photo', 'picture', 'graphic', 'icon', 'logo', 'banner', 'alt'])
const FILE_NAME = /\.(png|jpe?g|gif|svg|webp|avif)$/i

export function checkImages(ctx: Context): Problem[] {
  const refs: ImageRef[] = [{ source: ctx.siteSource, path: ['seo', 'defaultImage'], src: ctx.site.seo.defaultImage }]
  for (const page of ctx.pages) refs.push(...imagesOfPage(page))
  const publicDir = resolve(ctx.publicDir)
  let files: string[] | undefined
  const problems: Problem[] = []
  for (const ref of refs) {
    if (!exists(publicDir, ref.src)) {
      files ??= listFiles(publicDir)
      problems.push(problemAt(ref.source, ref.path, missingMessage(ref.src, files)))
    }
    if (ref.alt) {
      const message = altProblem(ref.alt.value)
      if (message) problems.push(problemAt(ref.source, ref.alt.path, message))
    }
  }
  problems.push(...untranslatedAlts(ctx.pages))
  return problems
}

/**
 * On a translated page (`meta.translationOf`), an image whose alt text is word for word its
 * source page's (the same file) was not translated: a screen reader would read it in the other
 * language.
 */
function untranslatedAlts(pages: readonly ParsedPage[]): Problem[] {
  const byAddress = new Map(pages.map((p) => [p.address, p]))
  return pages.flatMap((page) => {
    const source = page.raw.meta.translationOf && byAddress.get(page.raw.meta.translationOf)
    if (!source) return []
    const sourceAlts = new Map(
      imagesOfPage(source).flatMap((ref) => (ref.alt?.value.trim() ? [[ref.src, ref.alt.value.trim()]] : [])),
    )
    return imagesOfPage(page).flatMap((ref) =>
      ref.alt?.value.trim() && sourceAlts.get(ref.src) === ref.alt.value.trim()
        ? [
            problemAt(
              ref.source,
              ref.alt.path,
              `alt text "${ref.alt.value.trim()}" is word for word the one on ${source.file}: this page is its translation, so describe the image in this page's language`,
            ),
          ]
        : [],
    )
  })
}

/** The images a page shows: found once per version of its file (load-content's readPage). */
export function imagesOfPage(page: ParsedPage): ImageRef[] {
  if (page.images) return page.images
  const refs: ImageRef[] = []
  if (page.raw.meta.ogImage) refs.push({ source: page.source, path: ['meta', 'ogImage'], src: page.raw.meta.ogImage })
  refs.push(...imagesIn(page.raw.meta.article, ['meta', 'article'], page.source))
  refs.push(...imagesIn(page.raw.blocks, ['blocks'], page.source))
  return refs
}

/** Every object with an image `src` under `data`, found by walking it generically. */
function imagesIn(data: unknown, path: PathSegment[], source: YamlSource): ImageRef[] {
  const out: ImageRef[] = []
  const walk = (value: unknown, at: PathSegment[]) => {
    if (Array.isArray(value))
      value.forEach((v, i) => {
        walk(v, [...at, i])
      })
    else if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>
      if (typeof obj.src === 'string' && obj.src.startsWith('/'))
        out.push({
          source,
          path: [...at, 'src'],
          src: obj.src,
          alt: typeof obj.alt === 'string' ? { value: obj.alt, path: [...at, 'alt'] } : undefined,
        })
      for (const [key, v] of Object.entries(obj)) walk(v, [...at, key])
    }
  }
  walk(data, path)
  return out
}

function exists(publicDir: string, src: string): boolean {
  if (src.startsWith(GENERATED_PREFIX)) return true
  let relative: string
  try {
    relative = decodeURIComponent(src.replace(/[?#].*$/, ''))
  } catch {
    return false
  }
  const file = resolve(publicDir, `.${relative}`)
  return file.startsWith(publicDir + sep) && existsSync(file) && statSync(file).isFile()
}

function missingMessage(src: string, files: string[]): string {
  const name = src.split('/').pop()
  const near = suggest(src, files) ?? files.find((f) => f.split('/').pop() === name)
  const folder = src.slice(0, src.lastIndexOf('/') + 1)
  return `no file public${src}; ${near ? `did you mean ${near}? Otherwise ` : ''}add the image to public${folder} or fix the path`
}

function altProblem(alt: string): string | undefined {
  const text = alt.trim()
  if (alt === '') return undefined // decorative, on purpose
  if (!text) return 'alt text is only spaces: describe what the image shows, or write alt: "" to mark it decorative'
  if (FILE_NAME.test(text) || PLACEHOLDER_ALTS.has(text.toLowerCase()))
    return `alt text "${text}" tells a screen-reader user nothing: describe what the image shows, or write alt: "" if it is decorative`
  return undefined
}

function listFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string, prefix: string) => {
    if (!existsSync(d)) return
    for (const name of readdirSync(d)) {
      const full = join(d, name)
      if (statSync(full).isDirectory()) walk(full, `${prefix}/${name}`)
      else out.push(`${prefix}/${name}`)
    }
  }
  walk(dir, '')
  return out
}

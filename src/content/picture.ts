// An image field as the browser gets it: what the YAML says (src, alt, focus), completed at
// build time with what the image pipeline (src/build/steps/images.ts) read from and made of the file.
// Without that (the Vite dev server, the editor's preview of a file just uploaded) a block
// shows the file as it is.

/** An image field as written in YAML (src/content/schema-parts.ts `image`). */
export type ImageField = {
  src: string
  alt: string
  width?: number
  height?: number
  focus?: { x: number; y: number }
}

/** What the build knows of an image file. */
export type BuiltImage = {
  /** The real size, orientation applied. */
  width: number
  height: number
  /**
   * The variants, one srcset per type, the fallback (the file's own format) last: absent for a
   * drawing (SVG), which is shipped as it is.
   */
  sources?: { type: string; srcset: string }[]
  /** The fallback's largest variant, the <img>'s own src. */
  src?: string
  /** The image's average colour, shown until it arrives (absent when it has transparency). */
  color?: string
  /** A tiny blurred preview as a data: URL, for an image the page shows first (its hero). */
  preview?: string
}

export type Picture = ImageField & { built?: BuiltImage }

/** src -> what the build made of that file. */
export type ImageCatalogue = ReadonlyMap<string, BuiltImage>

const isImageField = (value: Record<string, unknown>): value is ImageField =>
  typeof value.src === 'string' && typeof value.alt === 'string'

/** `value` with every image field in it completed from the catalogue (a copy; the input is left as it is). */
export function withBuiltImages<T>(value: T, images: ImageCatalogue | undefined): T {
  if (!images?.size) return value
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (!v || typeof v !== 'object') return v
    const obj = v as Record<string, unknown>
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(obj)) copy[key] = walk(item)
    const built = isImageField(obj) ? images.get(obj.src) : undefined
    return built ? { ...copy, built } : copy
  }
  return walk(value) as T
}

/** The image of a page's first block (its hero), the one a page shows first and shares. */
export function heroImageOf(blocks: readonly object[]): ImageField | undefined {
  const image = (blocks[0] as { image?: unknown } | undefined)?.image as Record<string, unknown> | undefined
  return image && isImageField(image) ? image : undefined
}

/** Where the sharing card cut from a page's hero photo is written (the drawn cards are /og/….png). */
export const photoCardOf = (address: string) => `/og${address === '/' ? '/index' : address}.jpg`

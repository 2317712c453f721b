// A photo the page editor takes (photo-route.ts): checked by its bytes, never by
// its name, then written under public/images/<page>/ as the site needs it: no metadata at all
// (a phone photo's EXIF carries where it was taken: for a security firm, where a client lives),
// its orientation applied to the pixels, at most 4000 px on its long side, with a name that says
// what it is and cannot overwrite another file or lead out of its folder.
import { createHash } from 'node:crypto'
import { lstatSync, mkdirSync, readFileSync, realpathSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { join, relative, resolve, sep } from 'node:path'
import sharp, { type Metadata } from 'sharp'
import { writeFileAtomically } from '../../engine/atomic-file'
import { HttpError } from './http'
import { MAX_PHOTO_BYTES, MAX_PHOTO_SIDE, type StoredPhoto } from './protocol'

/** Pixels a photo may decode to (a small file can claim a huge size): 200 megapixels, the largest phone cameras. */
const MAX_INPUT_PIXELS = 200_000_000

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif'

const EXTENSIONS: Record<PhotoFormat, { write: string; names: string[] }> = {
  jpeg: { write: 'jpg', names: ['jpg', 'jpeg'] },
  png: { write: 'png', names: ['png'] },
  webp: { write: 'webp', names: ['webp'] },
  avif: { write: 'avif', names: ['avif'] },
}
const NAMES = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF' }
const TAKEN = 'JPEG, PNG, WebP or AVIF'

/** A refusal, with the HTTP status and the message the editor shows at the field. */
export class PhotoRefused extends HttpError {}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`
const tooLarge = (bytes: number | undefined) =>
  new PhotoRefused(
    413,
    `The file is ${bytes === undefined ? 'over 30 MB' : megabytes(bytes)}: a photo can be at most ${megabytes(MAX_PHOTO_BYTES)}. Export it smaller from your photo app.`,
  )

/**
 * The request's body, refused before it is read when it says it is too large, and as soon as it
 * is when it did not say (the rest is drained, not kept, so the answer still reaches the editor).
 */
export async function readUpload(
  req: AsyncIterable<Uint8Array> & { headers: IncomingHttpHeaders },
  max = MAX_PHOTO_BYTES,
): Promise<Buffer> {
  const declared = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length'])
  if (declared !== undefined && declared > max) throw tooLarge(declared)
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size <= max) chunks.push(chunk)
  }
  if (size > max) throw tooLarge(size)
  return Buffer.concat(chunks)
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))

/** The format the file's first bytes say, if it is one of the four taken. */
export function photoFormatOf(bytes: Uint8Array): PhotoFormat | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  // An ISO-BMFF `ftyp` box naming the AVIF brand, as its major brand or a compatible one.
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const end = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0))
    for (let at = 8; at + 4 <= end; at += 4) if (/^avi[fs]$/.test(ascii(bytes, at, at + 4))) return 'avif'
  }
  return undefined
}

/** What a refused file seems to be, to say so (the message names it). */
function whatItIs(bytes: Uint8Array): string {
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase()
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg|<svg)/.test(head)) return 'an SVG drawing'
  if (/^(<!doctype html|<html|<head|<body|<script|<!--)/.test(head)) return 'an HTML page'
  if (ascii(bytes, 0, 3) === 'GIF') return 'a GIF'
  if (ascii(bytes, 4, 8) === 'ftyp') return 'a HEIC photo (export it as JPEG)'
  if (ascii(bytes, 0, 5) === '%PDF-') return 'a PDF'
  return 'not a photo'
}

/** The extension of a file's name, lower case, or '' for a name without one. */
const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''

/**
 * The file's format, from its bytes; refused when they are not a photo of the four formats, when
 * the name's extension says another format, or when the image cannot be decoded.
 */
export async function checkPhoto(name: string, bytes: Uint8Array): Promise<{ format: PhotoFormat }> {
  if (!bytes.length) throw new PhotoRefused(422, `“${name}” is empty.`)
  const format = photoFormatOf(bytes)
  if (!format)
    throw new PhotoRefused(415, `“${name}” is ${whatItIs(bytes)}, not a photo: the editor takes ${TAKEN} files.`)
  const extension = extensionOf(name)
  if (extension && !EXTENSIONS[format].names.includes(extension))
    throw new PhotoRefused(
      415,
      `“${name}” is named .${extension} but its bytes are a ${NAMES[format]} image. Rename it to .${EXTENSIONS[format].write} if it is the photo you meant.`,
    )
  let meta: Metadata
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  } catch (error) {
    throw new PhotoRefused(
      422,
      `“${name}” could not be read as a ${NAMES[format]} image (${(error as Error).message}).`,
    )
  }
  const decoded = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heif') : meta.format
  if (decoded !== format)
    throw new PhotoRefused(
      415,
      `“${name}” starts like a ${NAMES[format]} image but is not one: the editor takes ${TAKEN}.`,
    )
  if (!meta.width || !meta.height) throw new PhotoRefused(422, `“${name}” has no size.`)
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw new PhotoRefused(
      413,
      `“${name}” is ${meta.width}×${meta.height} pixels: a photo can be at most 200 megapixels.`,
    )
  return { format }
}

/**
 * The photo as stored: orientation applied, at most MAX_PHOTO_SIDE on its long side, in sRGB, in
 * its own format, and no metadata at all (sharp writes none unless asked to).
 */
export async function preparePhoto(bytes: Uint8Array, format: PhotoFormat) {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
  const encoded = {
    // Not mozjpeg: it makes the file about a third smaller but costs 2.5 times the CPU, while the
    // marketer waits; the build encodes the variants visitors download.
    jpeg: () => image.jpeg({ quality: 90 }),
    png: () => image.png({ compressionLevel: 9 }),
    webp: () => image.webp({ quality: 90 }),
    avif: () => image.avif({ quality: 70 }),
  }[format]()
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true }).catch((error: Error) => {
    // Its header read well, its pixels do not: a file cut short or damaged.
    throw new PhotoRefused(422, `the photo could not be read to the end (${error.message}).`)
  })
  // What is written was read back: a photo that still had location data would not be stored.
  const written = await sharp(data).metadata()
  if (written.exif || written.xmp || written.iptc) throw new Error('The photo still had metadata after stripping it.')
  return { data, width: info.width, height: info.height }
}

/** "Estate Gate (1).JPG" -> "estate-gate-1": lower-case ASCII words, at most 60 characters. */
export function slugOf(name: string): string {
  const stem = name.replace(/^.*[\\/]/, '').replace(/\.[a-z0-9]+$/i, '')
  const slug = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '')
  return slug || 'photo'
}

/** The page's folder for its photos: public/images/<page file without pages/ and .yaml>/. */
export const photoFolderOf = (pageFile: string) => `images/${pageFile.replace(/^pages\//, '').replace(/\.ya?ml$/, '')}`

/** The folder, made if need be, when it is inside public/images and no link is on the way. */
function safeFolder(root: string, folder: string): string {
  const publicDir = join(root, 'public')
  const full = resolve(publicDir, folder)
  if (!full.startsWith(join(publicDir, 'images') + sep)) throw new PhotoRefused(400, 'Photos go under public/images/.')
  const parts = relative(publicDir, full).split(sep)
  for (let i = 1; i <= parts.length; i++) {
    const part = join(publicDir, ...parts.slice(0, i))
    let link = false
    try {
      link = lstatSync(part).isSymbolicLink()
    } catch {
      break
    }
    if (link)
      throw new PhotoRefused(
        400,
        `${relative(root, part)} is a link; the editor writes photos into plain folders only.`,
      )
  }
  mkdirSync(full, { recursive: true })
  if (!realpathSync(full).startsWith(realpathSync(publicDir) + sep))
    throw new PhotoRefused(400, 'Photos go under public/images/.')
  return full
}

/**
 * Checks the upload and stores it for `pageFile` (a page file the editor already vetted):
 * public/images/<page>/<slug of its name>-<hash of the stored bytes>.<ext>. The same photo again
 * is the same file; a file is never overwritten (written beside, then linked to its name, which
 * fails if the name is taken).
 */
export async function storePhoto(
  root: string,
  pageFile: string,
  name: string,
  bytes: Uint8Array,
): Promise<StoredPhoto> {
  if (bytes.length > MAX_PHOTO_BYTES) throw tooLarge(bytes.length)
  const { format } = await checkPhoto(name, bytes)
  const photo = await preparePhoto(bytes, format).catch((error: unknown) => {
    throw error instanceof PhotoRefused ? new PhotoRefused(error.status, `“${name}”: ${error.message}`) : error
  })
  const hash = createHash('sha256').update(photo.data).digest('hex').slice(0, 10)
  const folder = photoFolderOf(pageFile)
  const fileName = `${slugOf(name)}-${hash}.${EXTENSIONS[format].write}`
  const full = join(safeFolder(root, folder), fileName)
  try {
    writeFileAtomically(full, photo.data, { overwrite: false })
  } catch (error) {
    // The name taken by the very same bytes is the same photo again: that is no failure.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !readFileSync(full).equals(photo.data)) throw error
  }
  return { src: `/${folder}/${fileName}`, width: photo.width, height: photo.height, bytes: photo.data.length }
}

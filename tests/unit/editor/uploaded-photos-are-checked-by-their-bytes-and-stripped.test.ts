// The page editor's photo upload (src/editor/server/photo-upload.ts), on real files: a phone photo is
// stored upright, at most 4000 px on its long side, without EXIF (GPS above all), XMP or IPTC,
// under public/images/<page>/ with a name of its own that never overwrites another file; the
// four formats are taken; anything else, a file whose bytes do not match its name, a broken file
// and a file over 30 MB are refused with a message, and nothing is written.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PhotoRefused, photoFolderOf, readUpload, slugOf, storePhoto } from '../../../src/editor/server/photo-upload'
import { MAX_PHOTO_BYTES } from '../../../src/editor/server/protocol'
import { exifTags, GPS_POINTER, metadataBlocks, phonePhoto, withoutMetadata } from './phone-photo'

const PAGE = 'pages/orlando-security-services.yaml'
let root: string

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'photo-upload-'))
  mkdirSync(join(root, 'public'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** Every file under public/, as paths from it. */
const written = () => (readdirSync(join(root, 'public'), { recursive: true }) as string[]).sort()

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(PhotoRefused)
  return error as PhotoRefused
}

const small = (format: 'png' | 'webp' | 'avif' | 'gif' | 'jpeg') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .toFormat(format)
    .toBuffer()

describe('a photo taken from the editor', () => {
  it('is stored upright, at most 4000 px, without EXIF, GPS, XMP, IPTC or colour profile, under the page’s folder', async () => {
    // 6000 × 4000 as stored, turned a quarter (orientation 6): 4000 × 6000 upright.
    const photo = await phonePhoto({ width: 6000, height: 4000, orientation: 6 })
    const source = await metadataBlocks(photo)
    expect(source.orientation).toBe(6)
    expect(exifTags(source.exif!)).toContain(GPS_POINTER)
    expect(source.xmp?.toString()).toContain('GPSLatitude')
    expect(source.icc).toBeDefined()

    const stored = await storePhoto(root, PAGE, 'Estate Gate (1).JPG', photo)
    expect(stored.src).toMatch(/^\/images\/orlando-security-services\/estate-gate-1-[0-9a-f]{10}\.jpg$/)
    expect([stored.width, stored.height]).toEqual([2667, 4000])
    const file = await metadataBlocks(join(root, 'public', stored.src))
    expect(file).toEqual(withoutMetadata({ width: 2667, height: 4000, format: 'jpeg' }))
    expect(written()).toEqual(['images', 'images/orlando-security-services', stored.src.slice(1)])
  })

  it('keeps a photo within 4000 px as large as it is', async () => {
    const stored = await storePhoto(root, PAGE, 'gate.jpg', await phonePhoto({ width: 1600, height: 1200 }))
    expect([stored.width, stored.height]).toEqual([1600, 1200])
  })

  it('takes PNG, WebP and AVIF, each stored in its own format', async () => {
    for (const [format, name] of [
      ['png', 'team.png'],
      ['webp', 'team.webp'],
      ['avif', 'team.avif'],
    ] as const) {
      const stored = await storePhoto(root, PAGE, name, await small(format))
      expect(stored.src.endsWith(`.${format}`)).toBe(true)
      expect((await metadataBlocks(join(root, 'public', stored.src))).format).toBe(format === 'avif' ? 'heif' : format)
    }
  })

  it('stores the same photo once, and another photo of the same name beside it', async () => {
    const photo = await phonePhoto({ width: 800, height: 600 })
    const first = await storePhoto(root, PAGE, 'gate.jpg', photo)
    expect(await storePhoto(root, PAGE, 'gate.jpg', photo)).toEqual(first)
    const other = await storePhoto(root, PAGE, 'gate.jpg', await phonePhoto({ width: 600, height: 800 }))
    expect(other.src).not.toBe(first.src)
    expect(written().filter((f) => f.endsWith('.jpg'))).toHaveLength(2)
  })

  it('names it from its name alone: no folder of the name is followed', async () => {
    const stored = await storePhoto(root, PAGE, '../../../etc/Año Nuevo.jpeg', await small('jpeg'))
    expect(stored.src).toMatch(/^\/images\/orlando-security-services\/ano-nuevo-[0-9a-f]{10}\.jpg$/)
    expect(slugOf('..')).toBe('photo')
    expect(slugOf('C:\\Users\\me\\IMG_0042.HEIC.jpg')).toBe('img-0042-heic')
    expect(photoFolderOf('pages/es/seguridad-privada-orlando.yaml')).toBe('images/es/seguridad-privada-orlando')
  })

  it('is refused when it is not a JPEG, PNG, WebP or AVIF, whatever its name says; nothing is written', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
    const cases: [string, Buffer, RegExp][] = [
      ['drawing.svg', svg, /“drawing\.svg” is an SVG drawing, not a photo/],
      ['drawing.jpg', svg, /is an SVG drawing, not a photo/],
      ['estate.jpg', html, /“estate\.jpg” is an HTML page, not a photo: the editor takes JPEG, PNG, WebP or AVIF/],
      ['animation.gif', await small('gif'), /is a GIF, not a photo/],
      ['team.jpg', await small('png'), /named \.jpg but its bytes are a PNG image/],
      ['team.png', await small('jpeg'), /named \.png but its bytes are a JPEG image/],
      ['empty.jpg', Buffer.alloc(0), /is empty/],
    ]
    for (const [name, bytes, message] of cases) {
      const error = await refusal(storePhoto(root, PAGE, name, bytes))
      expect(error.message).toMatch(message)
      expect(error.status).toBeGreaterThanOrEqual(400)
    }
    expect(written()).toEqual([])
  })

  it('is refused when its bytes start like a photo but are not one', async () => {
    const photo = await phonePhoto({ width: 800, height: 600 })
    const truncated = photo.subarray(0, 2000)
    const error = await refusal(storePhoto(root, PAGE, 'cut.jpg', truncated))
    expect(error.message).toMatch(/^“cut\.jpg”.* could not be read/)
    expect(written()).toEqual([])
  })

  it('is refused over 30 MB, before its body is read when the request says its length', async () => {
    const never = {
      headers: { 'content-length': String(40 * 1024 * 1024) },
      [Symbol.asyncIterator]: () => {
        throw new Error('the body was read')
      },
    }
    const error = await refusal(readUpload(never))
    expect(error.status).toBe(413)
    expect(error.message).toBe(
      'The file is 40 MB: a photo can be at most 30 MB. Export it smaller from your photo app.',
    )
    // Without a length, as soon as it is past the limit (here a limit of 1 KB).
    const chunks = Readable.from([Buffer.alloc(600), Buffer.alloc(600)])
    expect((await refusal(readUpload(Object.assign(chunks, { headers: {} }), 1024))).status).toBe(413)
    const fits = Readable.from([Buffer.from('ab'), Buffer.from('cd')])
    expect((await readUpload(Object.assign(fits, { headers: {} }))).toString()).toBe('abcd')
    expect((await refusal(storePhoto(root, PAGE, 'big.jpg', Buffer.alloc(MAX_PHOTO_BYTES + 1)))).status).toBe(413)
    expect(written()).toEqual([])
  })

  it('is not written through a link in public/images', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'photo-elsewhere-'))
    try {
      mkdirSync(join(root, 'public/images'))
      symlinkSync(elsewhere, join(root, 'public/images/orlando-security-services'))
      const error = await refusal(storePhoto(root, PAGE, 'gate.jpg', await small('jpeg')))
      expect(error.message).toMatch(/is a link/)
      expect(readdirSync(elsewhere)).toEqual([])
      expect(existsSync(join(root, 'public/images/orlando-security-services/gate.jpg'))).toBe(false)
    } finally {
      rmSync(elsewhere, { recursive: true, force: true })
    }
  })
})

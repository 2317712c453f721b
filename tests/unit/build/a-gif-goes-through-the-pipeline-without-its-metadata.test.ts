// A GIF goes through the same image pipeline as a photo (src/build/steps/images.ts): one a page shows
// becomes variants in AVIF and WebP with a PNG as the fallback (as lossless as the GIF, in more
// than its 256 colours), and every file written, public/'s copy of it included, is without the
// GIF's comment and XMP data (made here by sharp, then given both as an editing app writes
// them). An animated GIF in public/ keeps its frames there; named by a page it is refused by
// npm run check (tests/unit/integrity/photos-are-checked-with-their-place-and-a-fix.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageData } from '../../../src/blocks/types'
import { buildImages } from '../../../src/build/steps/images'
import { expectSameFiles } from './same-image-files'

const root = mkdtempSync(join(tmpdir(), 'gifs-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const publicDir = join(root, 'public')
const SRC = '/images/office/badge.gif'
const ANIMATED = 'images/office/blinking.gif'
/** What the GIF's comment and XMP say: who took it and where, the leak the pipeline must prevent. */
const SECRET = 'Field Officer at 28.5383 N 81.3792 W'

/**
 * The GIF's bytes with a comment extension and an XMP application extension (as Photoshop
 * writes it: the XMP packet, then the 258-byte "magic trailer") after its colour table.
 */
function withCommentAndXmp(gif: Buffer): Buffer {
  const flags = gif[10]
  const start = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0)
  const comment = Buffer.from(SECRET, 'latin1')
  const xmp = Buffer.from(
    `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>${SECRET}</dc:description></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`,
    'latin1',
  )
  const trailer = Buffer.from([0x01, ...Array.from({ length: 256 }, (_, i) => 0xff - i), 0x00])
  return Buffer.concat([
    gif.subarray(0, start),
    Buffer.from([0x21, 0xfe, comment.length]),
    comment,
    Buffer.from([0x00, 0x21, 0xff, 0x0b]),
    Buffer.from('XMP DataXMP', 'latin1'),
    xmp,
    trailer,
    gif.subarray(start),
  ])
}

/** A frame of shapes, so that the image is not one flat colour. */
const frame = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: '#0f172a' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="${colour}"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer()

const pages = [
  {
    path: '/office',
    meta: { title: 'Office', description: 'Our office' },
    blocks: [{ type: 'hero', heading: 'Office', image: { src: SRC, alt: 'A guard’s badge on a desk' } }],
  },
] as unknown as PageData[]

let gif: Buffer
let cold: Awaited<ReturnType<typeof buildImages>>
beforeAll(async () => {
  mkdirSync(join(publicDir, 'images/office'), { recursive: true })
  gif = withCommentAndXmp(
    await sharp(await frame(800, 450, '#facc15'))
      .gif()
      .toBuffer(),
  )
  writeFileSync(join(publicDir, SRC), gif)
  const frames = await Promise.all(['#ef4444', '#22c55e', '#3b82f6'].map((c) => frame(120, 80, c)))
  const animated = await sharp(frames, { join: { animated: true } })
    .gif({ delay: [500, 500, 500], loop: 0 })
    .toBuffer()
  writeFileSync(join(publicDir, ANIMATED), withCommentAndXmp(animated))
  cold = await buildImages({ publicDir, cacheDir: join(root, 'cache'), pages })
}, 120_000)

/**
 * The extensions a GIF holds that are not about showing it, read off its blocks: `comment`, and
 * an application extension by its name (`XMP DataXMP`; `NETSCAPE2.0`, an animation's loop, is left out).
 */
function extensions(gif: Buffer): string[] {
  const found: string[] = []
  const flags = gif[10]
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0)
  /** Past a run of sub-blocks (each its length, then its bytes) and its terminating 0. */
  const skipSubBlocks = () => {
    while (gif[at] !== 0) at += gif[at] + 1
    at++
  }
  while (at < gif.length && gif[at] !== 0x3b) {
    if (gif[at] === 0x21) {
      const label = gif[at + 1]
      at += 2
      if (label === 0xfe) found.push('comment')
      if (label === 0xff) {
        const name = gif.toString('latin1', at + 1, at + 1 + gif[at])
        if (name !== 'NETSCAPE2.0') found.push(name)
      }
      skipSubBlocks()
    } else if (gif[at] === 0x2c) {
      const local = gif[at + 9]
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1 // the LZW code size
      skipSubBlocks()
    } else throw new Error(`not a GIF block at byte ${at}`)
  }
  return found
}

describe('a GIF through the pipeline', () => {
  it('carries its comment and XMP as made here, and sharp reads it', async () => {
    expect(gif.includes(SECRET)).toBe(true)
    expect(extensions(gif)).toEqual(['comment', 'XMP DataXMP'])
    expect(await sharp(gif).metadata()).toMatchObject({ format: 'gif', width: 800, height: 450 })
  })

  it('shown by a page, becomes variants in AVIF and WebP with a PNG as the fallback', () => {
    const built = cold.catalogue.get(SRC)!
    expect(built).toMatchObject({ width: 800, height: 450 })
    expect(built.sources!.map((s) => s.type)).toEqual(['image/avif', 'image/webp', 'image/png'])
    for (const source of built.sources!)
      expect(source.srcset.split(', ').map((c) => c.split(' ')[1])).toEqual(['360w', '480w', '600w', '720w', '800w'])
    expect(built.src).toMatch(/^\/assets\/images\/badge-800\.[0-9a-f]{10}\.png$/)
  })

  it('writes every file without its comment, XMP, EXIF or IPTC; an animation in public/ keeps its frames', async () => {
    const files = [...cold.files.keys()].sort()
    expect(files).toContain('images/office/badge.gif')
    expect(files).toContain(ANIMATED)
    expect(files.filter((f) => f.startsWith('assets/images/badge-'))).toHaveLength(15)
    for (const [file, bytes] of cold.files) {
      const meta = await sharp(bytes).metadata()
      expect({
        file,
        secret: bytes.includes(SECRET),
        exif: meta.exif,
        xmp: meta.xmp,
        iptc: meta.iptc,
        comments: meta.comments,
      }).toEqual({ file, secret: false, exif: undefined, xmp: undefined, iptc: undefined, comments: undefined })
      if (file.endsWith('.gif')) expect({ file, extensions: extensions(bytes) }).toEqual({ file, extensions: [] })
    }
    expect(await sharp(cold.files.get('images/office/badge.gif')!).metadata()).toMatchObject({
      format: 'gif',
      width: 800,
      height: 450,
    })
    expect(await sharp(cold.files.get(ANIMATED)!).metadata()).toMatchObject({
      format: 'gif',
      pages: 3,
      delay: [500, 500, 500],
    })
  })

  it('encodes nothing on a warm build, and the same bytes with an empty cache', async () => {
    const warm = await buildImages({ publicDir, cacheDir: join(root, 'cache'), pages })
    expect(warm.encoded).toBe(0)
    const fresh = await buildImages({ publicDir, cacheDir: join(root, 'empty-cache'), pages })
    expect(fresh.encoded).toBe(cold.encoded)
    for (const result of [warm, fresh]) expectSameFiles(result, cold)
  })
})

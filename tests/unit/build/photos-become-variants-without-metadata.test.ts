// The image pipeline (src/build/steps/images.ts) on a phone photo taken upright (EXIF orientation 6)
// with its GPS position: every file it writes is upright, no wider than the photo, in AVIF,
// WebP and JPEG, and carries no EXIF, XMP or IPTC at all; a second build takes everything from
// the cache, and a build with an empty cache makes the same bytes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import exifr from 'exifr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { phonePhoto } from '../../../bench/photo-fixture'
import type { PageData } from '../../../src/blocks/types'
import { buildImages } from '../../../src/build/steps/images'
import { expectSameFiles } from './same-image-files'

const root = mkdtempSync(join(tmpdir(), 'photos-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const publicDir = join(root, 'public')
const SRC = '/images/estate/gate.jpg'
/** A square photo, red above and blue below, shown only in cards (a 3:2 frame) with its focus at the bottom. */
const FRAMED = '/images/estate/lawn.jpg'

const pages = [
  {
    path: '/estate',
    meta: { title: 'Estate', description: 'An estate' },
    blocks: [
      { type: 'hero', heading: 'Estate', image: { src: SRC, alt: 'The gate of an estate', focus: { x: 30, y: 40 } } },
      { type: 'cards', heading: 'More', items: [{ title: 'A', text: 'B', image: { src: SRC, alt: 'The gate' } }] },
    ],
  },
  {
    path: '/lawn',
    meta: { title: 'Lawn', description: 'A lawn' },
    blocks: [
      { type: 'prose', body: 'A lawn' },
      {
        type: 'cards',
        heading: 'Lawns',
        items: [{ title: 'A', text: 'B', image: { src: FRAMED, alt: 'A lawn', focus: { x: 50, y: 100 } } }],
      },
    ],
  },
] as unknown as PageData[]

let cold: Awaited<ReturnType<typeof buildImages>>
beforeAll(async () => {
  mkdirSync(join(publicDir, 'images/estate'), { recursive: true })
  // 1600×1200 as stored, 1200×1600 as seen: taken with the phone upright.
  writeFileSync(join(publicDir, SRC), await phonePhoto({ width: 1600, height: 1200, orientation: 6 }))
  expect(await exifr.gps(join(publicDir, SRC))).toMatchObject({ latitude: expect.any(Number) })
  const red = { r: 200, g: 20, b: 20 }
  const blue = { r: 20, g: 20, b: 200 }
  const square = await sharp({ create: { width: 900, height: 900, channels: 3, background: blue } })
    .composite([{ input: { create: { width: 900, height: 225, channels: 3, background: red } }, top: 0, left: 0 }])
    .jpeg()
    .toBuffer()
  writeFileSync(join(publicDir, FRAMED), square)
  cold = await buildImages({ publicDir, cacheDir: join(root, 'cache'), pages })
}, 300_000)

describe('a phone photo through the pipeline', () => {
  it('is described by its real, upright size, with variants never wider than it in AVIF, WebP and JPEG', () => {
    const built = cold.catalogue.get(SRC)!
    expect(built).toMatchObject({ width: 1200, height: 1600 })
    expect(built.sources!.map((s) => s.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg'])
    for (const source of built.sources!)
      expect(source.srcset.split(', ').map((c) => c.split(' ')[1])).toEqual([
        '360w',
        '480w',
        '600w',
        '720w',
        '960w',
        '1200w',
      ])
    expect(built.src).toMatch(/^\/assets\/images\/gate-1200\.[0-9a-f]{10}\.jpg$/)
    // The hero's image has a blurred preview and an average colour to show until it arrives.
    expect(built.color).toMatch(/^#[0-9a-f]{6}$/)
    expect(built.preview).toMatch(/^data:image\/webp;base64,/)
    expect(built.preview!.length).toBeLessThan(400)
  })

  it('writes every file upright and without EXIF, XMP, IPTC or GPS', async () => {
    expect([...cold.files.keys()]).toContain('images/estate/gate.jpg') // public/'s copy, replaced
    expect([...cold.files.keys()]).toContain('og/estate.jpg') // the sharing card
    for (const [file, bytes] of cold.files) {
      const meta = await sharp(bytes).metadata()
      expect({ file, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({
        file,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        orientation: undefined,
      })
      // A second reader where it reads the format (it does not read WebP).
      if (!file.endsWith('.webp'))
        expect(await exifr.parse(bytes, { gps: true, xmp: true, iptc: true })).toBeUndefined()
      if (file.startsWith('assets/images/gate-')) {
        const width = Number(/-(\d+)\./.exec(file)![1])
        expect(meta.width).toBe(width)
        expect(meta.height).toBe(Math.round((width * 1600) / 1200))
      }
    }
    expect(await sharp(cold.files.get('images/estate/gate.jpg')!).metadata()).toMatchObject({
      width: 1200,
      height: 1600,
    })
  })

  it('cuts the variants of a photo shown only in 3:2 frames to 3:2, around its focus point', async () => {
    const built = cold.catalogue.get(FRAMED)!
    expect(built).toMatchObject({ width: 900, height: 600 })
    const variants = [...cold.files].filter(([file]) => file.startsWith('assets/images/lawn-'))
    expect(variants.map(([file]) => /-(\d+)\./.exec(file)![1]).sort()).toEqual(
      ['360', '360', '360', '480', '480', '480', '600', '600', '600', '720', '720', '720', '900', '900', '900'].sort(),
    )
    for (const [file, bytes] of variants) {
      const { width, height } = await sharp(bytes).metadata()
      expect({ file, ratio: Math.round((width! / height!) * 100) / 100 }).toEqual({ file, ratio: 1.5 })
      // Focus at the bottom: the frame is the photo's lower two thirds, the red top quarter cut off.
      const { data } = await sharp(bytes)
        .extract({ left: 0, top: 0, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true })
      expect(data[2]).toBeGreaterThan(data[0])
    }
  })

  it('cuts the sharing card to 1200×630 around the focal point', async () => {
    expect(await sharp(cold.files.get('og/estate.jpg')!).metadata()).toMatchObject({ width: 1200, height: 630 })
  })

  it('encodes nothing on a warm build, and the same bytes on a build with an empty cache', async () => {
    const warm = await buildImages({ publicDir, cacheDir: join(root, 'cache'), pages })
    expect(warm.encoded).toBe(0)
    expect(warm.catalogue).toEqual(cold.catalogue)
    const fresh = await buildImages({ publicDir, cacheDir: join(root, 'empty-cache'), pages })
    expect(fresh.encoded).toBe(cold.encoded)
    for (const result of [warm, fresh]) expectSameFiles(result, cold)
  }, 300_000)
})

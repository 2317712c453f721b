// Sharing images are kept in the build cache: an unchanged page's image is not drawn again, a
// changed title redraws that page's image only, and a damaged cache entry is drawn again (never
// copied to dist/), giving the same PNG as a fresh drawing.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { PageData } from '../../../src/blocks/types'
import { cardsOf, renderPng, writeOgImages } from '../../../src/build/steps/sharing-images'
import type { SiteConfig } from '../../../src/content/types'

const site = {
  company: {
    name: 'Test Guard',
    description: 'Security for tests',
    phone: { display: '(555) 010-0000' },
    address: { regionName: 'Florida' },
  },
  claims: { response: '24/7 response' },
  seo: { defaultImage: '/og/default.png', siteName: 'Test Guard' },
} as unknown as SiteConfig

const page = (slug: string, heading: string) =>
  ({
    path: `/${slug}`,
    meta: { title: heading },
    blocks: [{ type: 'hero', heading }],
    breadcrumbs: [],
  }) as unknown as PageData

// Nine pages and the default image: enough to be drawn in worker threads on a machine with several cores.
const pages = Array.from({ length: 9 }, (_, i) => page(`page-${i}`, `Page number ${i}`))
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const temp: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'og-cache-'))
  temp.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const filesOf = (outDir: string, list: PageData[]) =>
  new Map(cardsOf(list, site).map(({ file }) => [file, readFileSync(join(outDir, file))]))

describe('sharing images', () => {
  it('are drawn once; a changed title redraws that image only', async () => {
    const cacheDir = tempDir()
    const first = tempDir()
    expect(await writeOgImages({ outDir: first, cacheDir, pages, site })).toEqual({ images: 10, rendered: 10 })
    const before = filesOf(first, pages)

    const again = tempDir()
    expect(await writeOgImages({ outDir: again, cacheDir, pages, site })).toEqual({ images: 10, rendered: 0 })
    expect(filesOf(again, pages)).toEqual(before)

    const changed = pages.map((p, i) => (i === 3 ? page('page-3', 'A new heading for page 3') : p))
    const third = tempDir()
    expect(await writeOgImages({ outDir: third, cacheDir, pages: changed, site })).toEqual({ images: 10, rendered: 1 })
    const after = filesOf(third, changed)
    const differing = [...after].filter(([file, png]) => !png.equals(before.get(file)!)).map(([file]) => file)
    expect(differing).toEqual(['/og/page-3.png'])
    // Drawn in a worker or in this thread, an image is the same.
    const [card] = cardsOf([changed[3]], site)
    expect(after.get('/og/page-3.png')).toEqual(await renderPng(card.card))
  })

  it('are drawn again when their cache entry is damaged, never copied from it', async () => {
    const cacheDir = tempDir()
    const few = pages.slice(0, 2)
    await writeOgImages({ outDir: tempDir(), cacheDir, pages: few, site })
    const entries = readdirSync(join(cacheDir, 'og'))
    expect(entries).toHaveLength(3)
    // One entry cut short, one overwritten with other bytes of the same length.
    const [cut, garbage] = entries.map((name) => join(cacheDir, 'og', name))
    writeFileSync(cut, readFileSync(cut).subarray(0, 100))
    writeFileSync(garbage, Buffer.alloc(readFileSync(garbage).length, 7))

    const outDir = tempDir()
    expect(await writeOgImages({ outDir, cacheDir, pages: few, site })).toEqual({ images: 3, rendered: 2 })
    for (const { file, card } of cardsOf(few, site)) {
      const png = readFileSync(join(outDir, file))
      expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE)
      expect(png.subarray(-8, -4).toString('latin1')).toBe('IEND')
      expect(png).toEqual(await renderPng(card))
    }
    // The damaged entries were replaced: the next build draws nothing.
    expect(await writeOgImages({ outDir: tempDir(), cacheDir, pages: few, site })).toEqual({ images: 3, rendered: 0 })
    expect(readdirSync(join(cacheDir, 'og'))).toHaveLength(3)
  })
})

// Each page's part of the stylesheet (PurgeCSS, src/build/page-styles.ts) is kept in the build
// cache by the stylesheet and the page markup's tokens: a build with the same ones takes it from
// the cache, a changed stylesheet or markup is purged again (never served an older page's
// rules), and a damaged entry is purged again. What the cache gives is what a fresh purge gives.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { sha256, VerifiedCache } from '../../../src/build/cache'
import { pageStyles } from '../../../src/build/page-styles'

const temp: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'styles-cache-'))
  temp.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const css = `.hero { color: red } .cards { display: grid } .menu[aria-expanded="true"] { display: block }
@keyframes fade { from { opacity: 0 } } .toast { animation: fade 1s }`
const heroPage = '<main><section class="hero"><h1>Hi</h1></section></main>'
const cardsPage = '<main><ul class="cards"><li>One</li></ul><button class="menu" aria-expanded="false"></button></main>'

/** Each page's styles, from a cache in `cacheDir` (or none). */
const stylesOf = async (cacheDir: string | undefined, pages: string[], stylesheet = css) => {
  const cache = cacheDir ? new VerifiedCache(join(cacheDir, 'styles')) : undefined
  const of = pageStyles(stylesheet, cache)
  const styles = await Promise.all(pages.map(of))
  await cache?.removeUnused()
  return styles
}
const entriesOf = (cacheDir: string) => readdirSync(join(cacheDir, 'styles')).sort()

describe("a page's part of the stylesheet", () => {
  it('is the same from the cache as from a fresh purge, and read from it', async () => {
    const fresh = await stylesOf(undefined, [heroPage, cardsPage])
    expect(fresh[0].inline).toContain('.hero')
    expect(fresh[0].inline).not.toContain('.cards')
    expect(fresh[1].inline).toContain('.cards')
    expect(fresh[1].inline).toContain('aria-expanded')
    const cacheDir = tempDir()
    expect(await stylesOf(cacheDir, [heroPage, cardsPage])).toEqual(fresh)
    expect(entriesOf(cacheDir)).toHaveLength(2)
    expect(await stylesOf(cacheDir, [heroPage, cardsPage])).toEqual(fresh)

    // An entry with other (checksummed) contents is what the next build gets: it reads the cache.
    const [entry] = entriesOf(cacheDir)
    const planted = Buffer.from(JSON.stringify({ inline: '.planted{}', rest: '' }))
    const key = entry.split('.')[0]
    rmSync(join(cacheDir, 'styles', entry))
    writeFileSync(join(cacheDir, 'styles', `${key}.${sha256(planted)}.json`), planted)
    const read = await stylesOf(cacheDir, [heroPage, cardsPage])
    expect(read.map((s) => s.inline)).toContain('.planted{}')
  })

  it('is purged again for a changed stylesheet or markup, never taken from an older entry', async () => {
    const cacheDir = tempDir()
    await stylesOf(cacheDir, [heroPage])
    const changedCss = css.replace('color: red', 'color: blue')
    const [changed] = await stylesOf(cacheDir, [heroPage], changedCss)
    expect(changed).toEqual((await stylesOf(undefined, [heroPage], changedCss))[0])
    expect(changed.inline).toContain('blue')
    const withCards = heroPage.replace('<h1>', '<h1 class="cards">')
    const [more] = await stylesOf(cacheDir, [withCards])
    expect(more).toEqual((await stylesOf(undefined, [withCards]))[0])
    expect(more.inline).toContain('.cards')
    // The entries of the stylesheet and markup no longer built are removed.
    expect(entriesOf(cacheDir)).toHaveLength(1)
  })

  it('is purged again when its cache entry is damaged', async () => {
    const cacheDir = tempDir()
    const fresh = await stylesOf(cacheDir, [cardsPage])
    const [entry] = entriesOf(cacheDir)
    const file = join(cacheDir, 'styles', entry)
    writeFileSync(file, readFileSync(file).subarray(0, 10))
    expect(await stylesOf(cacheDir, [cardsPage])).toEqual(fresh)
    expect(JSON.parse(readFileSync(join(cacheDir, 'styles', entriesOf(cacheDir)[0]), 'utf8'))).toEqual({
      inline: fresh[0].inline,
      rest: fresh[0].rest,
    })
  })
})

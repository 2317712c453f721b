// The .br and .gz copies of dist/'s text files are kept in the build cache by the bytes they
// were made from: an unchanged file is not compressed again, a changed one is, and a damaged
// cache entry is compressed again. The copies are always those a fresh compression makes.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { brotli, gzip, precompress } from '../../../src/build/steps/compress'

const temp: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'compress-cache-'))
  temp.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const text = (seed: string) =>
  Array.from({ length: 300 }, (_, i) => `<p>${seed} line ${i} ${(i * 7919) % 1013}</p>`).join('\n')

/** A small dist/: three text files over 1 KB, one under, one image. */
function distWith(files: Record<string, string | Buffer>) {
  const dir = tempDir()
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), data)
  }
  return dir
}
const site = {
  'index.html': text('home'),
  'about/index.html': text('about'),
  'assets/app.js': text('code'),
  'small.txt': 'tiny',
  'og/index.png': Buffer.alloc(4096, 1),
}

/** Every copy equals a fresh compression of its file. */
function expectFreshCopies(dir: string, names: string[]) {
  for (const name of names) {
    const data = readFileSync(join(dir, name))
    expect(readFileSync(join(dir, `${name}.br`)).equals(brotli(name, data)), `${name}.br`).toBe(true)
    expect(readFileSync(join(dir, `${name}.gz`)).equals(gzip(data)), `${name}.gz`).toBe(true)
  }
}
const compressedNames = ['index.html', 'about/index.html', 'assets/app.js']

describe('compressed copies', () => {
  it('are made once per file content, and equal a fresh compression', async () => {
    const cacheDir = tempDir()
    const first = distWith(site)
    expect(await precompress(first, cacheDir)).toEqual({ files: 3, compressed: 3 })
    expectFreshCopies(first, compressedNames)
    expect(existsSync(join(first, 'small.txt.br'))).toBe(false)
    expect(existsSync(join(first, 'og/index.png.br'))).toBe(false)

    const second = distWith(site)
    expect(await precompress(second, cacheDir)).toEqual({ files: 3, compressed: 0 })
    expectFreshCopies(second, compressedNames)

    const third = distWith({ ...site, 'about/index.html': text('about, changed') })
    expect(await precompress(third, cacheDir)).toEqual({ files: 3, compressed: 1 })
    expectFreshCopies(third, compressedNames)
  })

  it('are made again when their cache entry is damaged', async () => {
    const cacheDir = tempDir()
    await precompress(distWith(site), cacheDir)
    const entries = readdirSync(join(cacheDir, 'compress'))
    expect(entries).toHaveLength(6)
    const br = join(cacheDir, 'compress', entries.find((name) => name.endsWith('.br'))!)
    const gz = join(cacheDir, 'compress', entries.find((name) => name.endsWith('.gz'))!)
    writeFileSync(br, readFileSync(br).subarray(0, 10))
    writeFileSync(gz, Buffer.alloc(readFileSync(gz).length, 0))

    const dir = distWith(site)
    const { compressed } = await precompress(dir, cacheDir)
    expect(compressed).toBeGreaterThanOrEqual(1)
    expect(compressed).toBeLessThanOrEqual(2)
    expectFreshCopies(dir, compressedNames)
    // Repaired: nothing is compressed on the next build.
    expect(await precompress(distWith(site), cacheDir)).toEqual({ files: 3, compressed: 0 })
  })
})

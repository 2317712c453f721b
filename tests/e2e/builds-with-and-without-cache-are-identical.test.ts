// A build that reuses the cache's sharing images and compressed copies writes the same dist/,
// byte for byte, as one that starts with an empty cache: the cache saves work, never changes
// the site. The site is built twice here, into folders of its own, with a cache of its own
// (BUILD_CACHE_DIR): first with the cache empty, then with what the first build left in it.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const root = mkdtempSync(join(tmpdir(), 'same-build-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

async function build(outDir: string, cacheDir: string) {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/build.ts'], {
    env: { ...process.env, BUILD_OUT_DIR: outDir, BUILD_CACHE_DIR: cacheDir },
    maxBuffer: 16 * 1024 * 1024,
  })
  return stdout
}

/** Every file under dir, by its path in dir. */
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const full = join(entry.parentPath, entry.name)
    files.set(relative(dir, full), readFileSync(full))
  }
  return files
}

describe('a build with a warm cache', () => {
  it('writes the same files, byte for byte, as a build with an empty cache', async () => {
    const cacheDir = join(root, 'cache')
    const cold = await build(join(root, 'cold'), cacheDir)
    expect(cold).toMatch(/sharing images \((\d+) of \1 drawn\)/)
    const warm = await build(join(root, 'warm'), cacheDir)
    // The second build drew and compressed nothing: it took everything from the cache.
    expect(warm).toMatch(/sharing images \(0 of \d+ drawn\)/)
    expect(warm).toMatch(/, 0 compressed anew\)/)

    const before = filesOf(join(root, 'cold'))
    const after = filesOf(join(root, 'warm'))
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
    const differing = [...before].filter(([name, bytes]) => !after.get(name)?.equals(bytes)).map(([name]) => name)
    expect(differing).toEqual([])
  }, 240_000)
})

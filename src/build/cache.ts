// The build's cache of work it need not do again (sharing images, compressed copies), in
// BUILD_CACHE_DIR (default .cache/). An entry is named <key>.<sha256 of its bytes>.<ext> and
// written to a temporary file first, then renamed: an entry cut short by a crash, or damaged
// since, no longer matches its name and is made again, never used.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

const require = createRequire(import.meta.url)
/**
 * A package's version, as resolved from `from` (default: here), for a cache key: read from the
 * package.json above its entry, since not every package exports that file.
 */
export function packageVersion(name: string, from?: string): string {
  const entry = require.resolve(name, from ? { paths: [from] } : undefined)
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json')
    const json: { name?: string; version?: string } = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
    if (json.name === name && json.version) return json.version
  }
  throw new Error(`no package.json found above ${entry}`)
}

const STALE_MS = 60 * 60 * 1000
const mtimeOf = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
const ENTRY = /^([0-9a-z-]+)\.([0-9a-f]{64})\.([0-9a-z]+)$/

export class VerifiedCache {
  /** `<key>.<ext>` → the entry's file name, as found when the cache was opened. */
  private readonly entries = new Map<string, string>()
  private readonly used = new Set<string>()

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true })
    for (const name of readdirSync(dir)) {
      const match = ENTRY.exec(name)
      if (match) this.entries.set(`${match[1]}.${match[3]}`, name)
      // A temporary file left by a build that stopped while writing it (not one another build is writing now).
      else if (name.startsWith('.tmp-') && Date.now() - mtimeOf(join(dir, name)) > STALE_MS)
        rmSync(join(dir, name), { force: true })
    }
  }

  /**
   * The entry's bytes, or undefined when there is none or it is damaged (then it is removed).
   * Read synchronously: for thousands of small entries that is several times faster than
   * through the thread pool.
   */
  read(key: string, ext: string): Buffer | undefined {
    this.used.add(`${key}.${ext}`)
    const name = this.entries.get(`${key}.${ext}`)
    if (!name) return undefined
    const file = join(this.dir, name)
    let data: Buffer | undefined
    try {
      data = readFileSync(file)
    } catch {}
    if (data && sha256(data) === ENTRY.exec(name)![2]) return data
    this.entries.delete(`${key}.${ext}`)
    rmSync(file, { force: true })
    return undefined
  }

  /** Keeps data under key. The cache only saves work: an entry that cannot be written is left out, not an error. */
  async write(key: string, ext: string, data: Buffer): Promise<void> {
    this.used.add(`${key}.${ext}`)
    const name = `${key}.${sha256(data)}.${ext}`
    const temporary = join(this.dir, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`)
    try {
      await writeFile(temporary, data)
      await rename(temporary, join(this.dir, name))
    } catch (error) {
      console.warn(`Not kept in the build cache: ${error instanceof Error ? error.message : error}`)
      await rm(temporary, { force: true })
      return
    }
    const previous = this.entries.get(`${key}.${ext}`)
    if (previous && previous !== name) await rm(join(this.dir, previous), { force: true })
    this.entries.set(`${key}.${ext}`, name)
  }

  /** Removes the entries this build neither read nor wrote, so the cache does not grow without end. */
  async removeUnused(): Promise<number> {
    let removed = 0
    for (const [entry, name] of this.entries) {
      if (this.used.has(entry)) continue
      await rm(join(this.dir, name), { force: true })
      this.entries.delete(entry)
      removed++
    }
    return removed
  }
}

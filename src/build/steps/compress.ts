// Precompressed copies (.br, .gz) of every text file in dist/, which the server (sirv) and
// most CDNs serve to browsers that accept them. A file whose bytes a previous build already
// compressed (same bytes, same settings) gets its copies from the build cache.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip as gzipAsync, gzipSync } from 'node:zlib'
import { sha256, VerifiedCache } from '../cache'

const TEXT = /\.(html|js|css|json|svg|xml|txt)$/

// Compressed once, at build time, so slow settings pay, but not without limit:
// - The app's code and styles (few files, loaded by every visitor) get brotli's maximum quality,
//   ~7 % smaller than quality 9.
// - Pages and page data (one or two per page: two thousand files at a thousand pages) get
//   quality 10: within 2 % of 11 (9 was 9 % larger), in 40 % of the time. At 11, compression
//   alone took 28 s of a 73 s cold build at 1,042 pages.
const quality = (file: string) => (/\.(js|css)$/.test(file) ? constants.BROTLI_MAX_QUALITY : 10)
const brotliOptions = (quality: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: quality } })
// - Except a page still over 12 KB at 10, which gets 11 too: a new connection's first round trip
//   carries about 14 KB (ten TCP segments of 1,460 bytes), response headers included, and a page
//   that needs a second one paints a round trip later (the home page: 13.6 KB at 10, 13.4 KB at 11,
//   with about 1 KB of headers). Few pages are that large: it costs the build little.
const FIRST_ROUND_TRIP = 12 * 1024
const denser = (file: string, compressed: Buffer) => file.endsWith('.html') && compressed.length > FIRST_ROUND_TRIP
/** What the cache key says of the settings a file gets. */
const settingsOf = (file: string) =>
  file.endsWith('.html') ? `10-or-11-above-${FIRST_ROUND_TRIP}` : `${quality(file)}`
const smaller = (a: Buffer, b: Buffer) => (b.length < a.length ? b : a)
const GZIP = { level: 9 }
/** The .br copy of `file` (its name picks the settings) with the bytes `data`. */
export function brotli(file: string, data: Buffer | string): Buffer {
  const compressed = brotliCompressSync(data, brotliOptions(quality(file)))
  if (!denser(file, compressed)) return compressed
  return smaller(compressed, brotliCompressSync(data, brotliOptions(constants.BROTLI_MAX_QUALITY)))
}
export const gzip = (data: Buffer | string) => gzipSync(data, GZIP)

const brotliAsync = promisify(brotliCompress)
const compressors = {
  br: async (file: string, data: Buffer) => {
    const compressed = await brotliAsync(data, brotliOptions(quality(file)))
    if (!denser(file, compressed)) return compressed
    return smaller(compressed, await brotliAsync(data, brotliOptions(constants.BROTLI_MAX_QUALITY)))
  },
  gz: (_file: string, data: Buffer) => promisify(gzipAsync)(data, GZIP),
}

/** Changes with the settings or the compression libraries: then every file is compressed again. */
const SETTINGS = sha256(
  JSON.stringify([GZIP, process.versions.zlib, process.versions.brotli ?? process.version]),
).slice(0, 12)

/** The text files of dir (and its folders) worth compressing. */
export function compressible(dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...compressible(file))
    else if (TEXT.test(entry.name) && statSync(file).size > 1024) files.push(file)
  }
  return files
}

type Job = { file: string; data: Buffer; key: string; ext: keyof typeof compressors }

/**
 * Writes <file>.br and <file>.gz next to each text file over 1 KB. Copies the cache has are
 * written first (read synchronously: fastest for many small files); the others are compressed
 * with the async zlib functions, which run on libuv's thread pool, several at once (on every core).
 */
export async function precompress(dir: string, cacheDir: string): Promise<{ files: number; compressed: number }> {
  const cache = new VerifiedCache(join(cacheDir, 'compress'))
  const files = compressible(dir)
  const jobs: Job[] = []
  for (const file of files) {
    const data = readFileSync(file)
    const key = `${sha256(data)}-${settingsOf(file)}-${SETTINGS}`
    for (const ext of ['br', 'gz'] as const) {
      const cached = cache.read(key, ext)
      if (cached) writeFileSync(`${file}.${ext}`, cached)
      else jobs.push({ file, data, key, ext })
    }
  }
  let next = 0
  const work = async () => {
    while (next < jobs.length) {
      const { file, data, key, ext } = jobs[next++]
      const out = await compressors[ext](file, data)
      await cache.write(key, ext, out)
      await writeFile(`${file}.${ext}`, out)
    }
  }
  // Two jobs per core keep the thread pool busy while others are written.
  await Promise.all(Array.from({ length: availableParallelism() * 2 }, work))
  await cache.removeUnused()
  return { files: files.length, compressed: new Set(jobs.map((job) => job.file)).size }
}

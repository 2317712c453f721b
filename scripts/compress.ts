// Precompressed copies (.br, .gz) of every text file in dist/, which the server (sirv) and
// most CDNs serve to browsers that accept them. A file whose bytes a previous build already
// compressed (same bytes, same settings) gets its copies from the build cache.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip as gzipAsync, gzipSync } from 'node:zlib'
import { sha256, VerifiedCache } from './build-cache'

const TEXT = /\.(html|js|css|json|svg|xml|txt)$/

// Compressed once, at build time, so the slowest and smallest settings pay: brotli at its
// maximum quality is ~10 % smaller than at 9 on our pages (home HTML 13.0 KB instead of 14.4 KB,
// which with the headers no longer fills TCP's first round trip) and ~7 % on the app's code.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }
const GZIP = { level: 9 }
export const brotli = (data: Buffer | string) => brotliCompressSync(data, BROTLI)
export const gzip = (data: Buffer | string) => gzipSync(data, GZIP)

const compressors = {
  br: (data: Buffer) => promisify(brotliCompress)(data, BROTLI),
  gz: (data: Buffer) => promisify(gzipAsync)(data, GZIP),
}

/** Changes with the settings or the compression libraries: then every file is compressed again. */
const SETTINGS = sha256(
  JSON.stringify([BROTLI, GZIP, process.versions.zlib, process.versions.brotli ?? process.version]),
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
    const key = `${sha256(data)}-${SETTINGS}`
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
      const out = await compressors[ext](data)
      await cache.write(key, ext, out)
      await writeFile(`${file}.${ext}`, out)
    }
  }
  // Two jobs per core keep the thread pool busy while others are written.
  await Promise.all(Array.from({ length: availableParallelism() * 2 }, work))
  await cache.removeUnused()
  return { files: files.length, compressed: new Set(jobs.map((job) => job.file)).size }
}

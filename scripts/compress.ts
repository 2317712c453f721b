// Precompressed copies (.br, .gz) of every text file in dist/, which the server (sirv) and
// most CDNs serve to browsers that accept them. A file whose bytes a previous build already
// compressed (same bytes, same settings) gets its copies from the build cache.
import { readdirSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
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
  for (const name of readdirSync(dir)) {
    const file = join(dir, name)
    if (statSync(file).isDirectory()) files.push(...compressible(file))
    else if (TEXT.test(name) && statSync(file).size > 1024) files.push(file)
  }
  return files
}

/**
 * Writes <file>.br and <file>.gz next to each text file over 1 KB. The async zlib functions
 * run on libuv's thread pool, so several files are compressed at once (on every core).
 */
export async function precompress(dir: string, cacheDir: string): Promise<{ files: number; compressed: number }> {
  const cache = new VerifiedCache(join(cacheDir, 'compress'))
  const files = compressible(dir)
  let compressed = 0
  let next = 0
  const work = async () => {
    while (next < files.length) {
      const file = files[next++]
      const data = await readFile(file)
      const key = `${sha256(data)}-${SETTINGS}`
      let anew = false
      for (const ext of ['br', 'gz'] as const) {
        let out = await cache.read(key, ext)
        if (!out) {
          out = await compressors[ext](data)
          await cache.write(key, ext, out)
          anew = true
        }
        await writeFile(`${file}.${ext}`, out)
      }
      if (anew) compressed++
    }
  }
  // Two files per core keep the thread pool busy while others are read and written.
  await Promise.all(Array.from({ length: availableParallelism() * 2 }, work))
  await cache.removeUnused()
  return { files: files.length, compressed }
}

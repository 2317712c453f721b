// Precompressed copies (.br, .gz) of every text file in dist/, which the server (sirv) and
// most CDNs serve to browsers that accept them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const TEXT = /\.(html|js|css|json|svg|xml|txt)$/

export function precompress(dir: string): number {
  let count = 0
  for (const name of readdirSync(dir)) {
    const file = join(dir, name)
    if (statSync(file).isDirectory()) count += precompress(file)
    else if (TEXT.test(name) && statSync(file).size > 1024) {
      const data = readFileSync(file)
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }))
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
      count++
    }
  }
  return count
}

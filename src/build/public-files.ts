import { resolve, sep } from 'node:path'

/** The file behind an address in public/, or undefined when it is outside it. */
export function publicFile(publicDir: string, src: string): string | undefined {
  const root = resolve(publicDir)
  let path: string
  try {
    path = decodeURIComponent(src.replace(/[?#].*$/, ''))
  } catch {
    return undefined
  }
  const file = resolve(root, `.${path}`)
  return file.startsWith(root + sep) ? file : undefined
}

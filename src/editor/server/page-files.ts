// The page files the editor may open and write, and the version it tells a page's text by.
import { createHash } from 'node:crypto'
import { lstatSync, realpathSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { PAGE_PATH } from '../../content/addresses'
import { HttpError } from './http'

/** The version of a file's text the editor opened: a save names it, and is refused if the file has another. */
export const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)

/** The file's full path, if the editor may touch it: a page's path, inside pages/, no link on the way. */
export function pageFile(root: string, name: unknown): string {
  // A page's path is made of address words: no '..', no way out of pages/ by its name.
  if (typeof name !== 'string' || !PAGE_PATH.test(name))
    throw new HttpError(400, 'Only pages/**/*.yaml files can be opened or saved.')
  const pages = realpathSync(join(root, 'pages'))
  const full = resolve(root, name)
  if (!full.startsWith(pages + sep)) throw new HttpError(400, 'Only files inside pages/ can be opened or saved.')
  // Every folder on the way, and the file, must be itself: a link could lead out of pages/.
  const parts = relative(pages, full).split(sep)
  for (let i = 1; i <= parts.length; i++) {
    const part = join(pages, ...parts.slice(0, i))
    let stat: ReturnType<typeof lstatSync>
    try {
      stat = lstatSync(part)
    } catch {
      throw new HttpError(404, `${name} does not exist.`)
    }
    if (stat.isSymbolicLink()) throw new HttpError(400, `${name} is a link; the editor only opens plain files.`)
  }
  return full
}

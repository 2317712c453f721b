// templates/new-pages.yaml, read and checked: the kinds of page `npm run new` and the page
// editor's New page make, each with its wording in each language (src/content/new-pages-schema.ts).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FromSchema } from 'json-schema-to-ts'
import { newPagesSchema } from '../content/new-pages-schema'
import { formatProblem } from './problems'
import { validateAt } from './validator'
import { parseYamlSource } from './yaml-source'

export type NewPages = FromSchema<typeof newPagesSchema>
export type NewPageKind = NewPages['kinds'][string]

export const NEW_PAGES_FILE = 'templates/new-pages.yaml'

/** The site's kinds of new page; none when it has no templates/new-pages.yaml. Throws on a mistake in it. */
export function readNewPages(root: string): NewPages {
  const path = join(root, NEW_PAGES_FILE)
  if (!existsSync(path)) return { kinds: {} }
  const source = parseYamlSource(NEW_PAGES_FILE, readFileSync(path, 'utf8'))
  const problems = source.syntaxProblems.length
    ? source.syntaxProblems
    : validateAt(source, newPagesSchema, source.data)
  if (problems.length) throw new Error(problems.map(formatProblem).join('\n'))
  return source.data as NewPages
}

/** A text of templates/new-pages.yaml with {name} and {slug} filled in. */
export const fillWording = (text: string, values: { name?: string; slug?: string }) =>
  text.replace(/\{(name|slug)\}/g, (whole, key: 'name' | 'slug') => values[key] ?? whole)

/** The address part made from a name: St. Petersburg -> st-petersburg, K9 Security -> k9-security. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The address of the page a kind would make for its example name, in a language: for hints. */
export function exampleAddress(spec: NewPageKind, locale: string): string | undefined {
  const words = spec.locales[locale]
  return (
    words &&
    `/${fillWording(words.file, { slug: slugOf(spec.example) })
      .slice('pages/'.length)
      .replace(/\.yaml$/, '')}`
  )
}

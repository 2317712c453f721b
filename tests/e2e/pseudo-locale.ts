// A copy of the site whose Spanish is a pseudo-locale: every word the Spanish site shows (its
// pages, its site.yaml words, its forms' words and the messages' sentences) wrapped in ⟦…⟧, built
// into a folder of its own. A word a visitor reads unmarked on it was written somewhere else: in a
// component, in English.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseDocument, visit } from 'yaml'
import { copyBuildCaches } from '../../bench/project'
import { NOT_TEXT as NOT_SEARCHED } from '../../src/engine/search-index'

export const mark = (text: string) => `⟦${text}⟧`

// Keys whose values are addresses, identifiers or settings, not words: the search index's, and
// the settings of forms, links back and languages.
// `service`: a form block's preset answer (`preset: { service: … }`), an option's value, not words.
const NOT_TEXT = new Set([
  ...NOT_SEARCHED,
  'form',
  'context',
  'backHref',
  'fallbackHref',
  'ogLocale',
  'name',
  'service',
])
// Of a page's meta, what the page shows (the rest is for search engines, or pairs pages); the
// description is shown too, by the site's search under each result.
const SHOWN_META = new Set(['breadcrumb', 'city', 'category', 'excerpt', 'alt', 'description'])

// Of site.yaml's words, only addresses, icons and the language's own name (shown to the other
// languages' visitors) are not words of the Spanish pages.
const NOT_SITE_TEXT = new Set(['href', 'url', 'icon', 'ogLocale', 'name'])

/** Marks every string of a YAML document that is a word, keeping comments and layout. */
function markYaml(text: string, isShown: (path: readonly string[]) => boolean, notText = NOT_TEXT): string {
  const doc = parseDocument(text)
  visit(doc, {
    Scalar(key, node, ancestors) {
      if (key === 'key' || typeof node.value !== 'string') return
      const path = ancestors.flatMap((a) =>
        'key' in a && a.key && typeof a.key === 'object' && 'value' in a.key ? [String(a.key.value)] : [],
      )
      const last = path.at(-1) ?? ''
      if (notText.has(last) || !isShown(path)) return
      // A description keeps its length (the build refuses one over 160 characters): the marks
      // take the place of its first and last characters.
      node.value = last === 'description' && path[0] === 'meta' ? mark(node.value.slice(1, -1)) : mark(node.value)
    },
  })
  return doc.toString({ lineWidth: 0 })
}

function markJson(value: unknown): unknown {
  if (typeof value === 'string') return mark(value)
  if (Array.isArray(value)) return value.map(markJson)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, markJson(v)]))
  return value
}

/** Copies the project, marks its Spanish and builds it; returns the built folder. */
export function buildPseudoSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'pseudo-site-'))
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    try {
      cpSync(file, join(root, file))
    } catch {} // a file deleted but not yet committed
  }
  symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'))
  // The project's build caches: what the marked Spanish does not change (the English pages, the
  // code) is not compressed, drawn or rendered again.
  copyBuildCaches(root, process.cwd())
  const rewrite = (file: string, change: (text: string) => string) =>
    writeFileSync(join(root, file), change(readFileSync(join(root, file), 'utf8')))

  for (const file of files.filter((f) => /^pages\/es\/.*\.yaml$/.test(f)))
    rewrite(file, (text) => markYaml(text, (path) => path[0] !== 'meta' || SHOWN_META.has(path.at(-1) ?? '')))
  // site.yaml: the words of the Spanish locale (its service pages' addresses are keys, not words).
  rewrite('site.yaml', (text) =>
    markYaml(text, (path) => path[0] === 'locales' && path[1] === 'es' && path.length > 2, NOT_SITE_TEXT),
  )
  for (const file of files.filter((f) => /^forms\/(.*\/)?es\.json$/.test(f)))
    rewrite(file, (text) => `${JSON.stringify(markJson(JSON.parse(text)), null, 2)}\n`)

  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', env: { ...process.env, BUILD_OUT_DIR: 'dist' } })
  return join(root, 'dist')
}

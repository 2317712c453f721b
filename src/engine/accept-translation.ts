// npm run check -- --accept-translation pages/es/x.yaml: records in the translation that it is up
// to date with its source page as it is now (meta.sourceHash, a fingerprint of the source's content),
// so npm run check stops flagging it as stale until the source changes again. The line is written
// into the file as text, leaving every other byte of it as it was.
import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { isMap, isScalar, parseDocument } from 'yaml'
import { loadContent } from './content-store'
import { contentHash } from './translations'

export class AcceptError extends Error {}

/** Records the current version of `file`'s source in `file`; returns what was done, for the terminal. */
export function acceptTranslation(root: string, file: string): string {
  const rel = relative(root, join(root, file)).split('\\').join('/')
  const content = loadContent(root, { integrity: false })
  const page = content.parsed.find((p) => p.file === rel)
  if (!page) {
    const problem = content.problems.find((p) => p.file === rel && p.severity === 'error')
    throw new AcceptError(
      problem
        ? `${rel} has problems to fix first (npm run check lists them)`
        : `${rel} is not a page: give the path of a translated page, e.g. pages/es/contacto.yaml`,
    )
  }
  const source = page.raw.meta.translationOf
  if (!source) throw new AcceptError(`${rel} has no \`translationOf:\`, so it translates no page`)
  const original = content.parsed.find((p) => p.address === source)
  if (!original) throw new AcceptError(`${rel} translates ${source}, but no page has that address`)
  const hash = contentHash(original.source)
  const text = readFileSync(join(root, rel), 'utf8')
  const updated = withSourceHash(text, hash)
  if (!updated)
    throw new AcceptError(`${rel}: could not place the line safely; add \`sourceHash: "${hash}"\` under meta: yourself`)
  if (updated !== text) writeFileSync(join(root, rel), updated)
  return updated === text
    ? `${rel} already records the current version of ${original.file} (${hash}).`
    : `${rel} now records that it translates ${original.file} as it is now (sourceHash: ${hash}).`
}

/** The text with meta.sourceHash set to `hash`: the value replaced, or a line added after translationOf. */
function withSourceHash(text: string, hash: string): string | undefined {
  const doc = parseDocument(text)
  const meta = doc.get('meta', true)
  if (!isMap(meta) || meta.flow) return undefined
  const current = meta.get('sourceHash', true)
  let out: string
  if (isScalar(current) && current.range) {
    out = `${text.slice(0, current.range[0])}"${hash}"${text.slice(current.range[1])}`
  } else {
    const pair = meta.items.find((p) => isScalar(p.key) && p.key.value === 'translationOf')
    const key = pair?.key
    if (!isScalar(key) || !key.range) return undefined
    const lineStart = text.lastIndexOf('\n', key.range[0] - 1) + 1
    const indent = text.slice(lineStart, key.range[0])
    if (!/^ *$/.test(indent)) return undefined
    const lineEnd = text.indexOf('\n', key.range[0])
    const at = lineEnd === -1 ? text.length : lineEnd
    // In quotes: a fingerprint of digits only would otherwise be read as a number.
    out = `${text.slice(0, at)}\n${indent}sourceHash: "${hash}"${text.slice(at)}`
  }
  // The result must be the same page with only meta.sourceHash changed.
  const before = doc.toJS() as { meta: Record<string, unknown> }
  const after = parseDocument(out).toJS() as { meta: Record<string, unknown> }
  before.meta.sourceHash = hash
  return JSON.stringify(sorted(before)) === JSON.stringify(sorted(after)) ? out : undefined
}

const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value

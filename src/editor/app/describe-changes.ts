// A page's changes in words, from its parsed YAML before and after and the schemas its forms are
// made from: each change is named by the labels the editor's forms show ("Hero · Heading",
// "FAQ · Item 3 · Answer") with the old and the new value, not as lines of YAML. The commit
// message publishing suggests is made of them too ("About page: hero heading, FAQ 3").
import { diffArrays } from 'diff'
import type { Catalogue, Json } from './api'
import { itemLabelOf } from './editor-theme'
import { labelOf } from './schema-forms'

type Path = (string | number)[]
export type Change = {
  /** The labels from the block (or the page settings) down to the field. */
  where: string[]
  /** The field's path in the page's data, as `npm run check` gives it ("blocks[0].heading"). */
  path: string
  kind: 'changed' | 'added' | 'removed'
  before?: unknown
  after?: unknown
}
type PageData = { meta?: Json; blocks?: Json[] }

/** The same data: parsed YAML, so plain values, lists and objects only. */
function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => isDeepStrictEqual(v, b[i]))
  if (!isObject(a) || !isObject(b)) return false
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && isDeepStrictEqual(a[k], b[k]))
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const pathText = (path: Path) =>
  path.reduce<string>((out, s) => (typeof s === 'number' ? `${out}[${s}]` : out ? `${out}.${s}` : s), '')

/** The block's name: its schema's title, numbered when the page has more than one of its kind. */
function blockLabel(blocks: Json[], index: number, catalogue: Catalogue) {
  const type = String(blocks[index]?.type ?? '')
  const title = String(catalogue.blocks.find((b) => b.type === type)?.schema.title ?? labelOf(type))
  const same = blocks.filter((b) => b.type === type)
  return same.length > 1 ? `${title} ${same.indexOf(blocks[index]) + 1}` : title
}

/** The schema of a list's items, or of an object's property. */
const itemsOf = (schema: Json | undefined) => (isObject(schema?.items) ? (schema.items as Json) : undefined)
const propertyOf = (schema: Json | undefined, key: string) =>
  isObject(schema?.properties) ? ((schema.properties as Json)[key] as Json | undefined) : undefined

/** The labels of the field at `path` inside a value of `schema`, as the forms label it. */
export function labelsAt(path: Path, schema: Json | undefined): string[] {
  const labels: string[] = []
  let current = schema
  let listLabel = ''
  for (const segment of path) {
    if (typeof segment === 'number') {
      // "Item 3" says the list's name already ("Keyword 3", "Exclude, item 3").
      if (listLabel) labels.pop()
      labels.push(itemLabelOf(listLabel || 'Item')(segment))
      current = itemsOf(current)
      continue
    }
    const property = propertyOf(current, segment)
    listLabel = String(property?.title ?? labelOf(segment))
    labels.push(listLabel)
    current = property
  }
  return labels
}

/** The labels of a field of a page: its block (or "Page settings") and the field's own. */
export function pageLabelsAt(path: Path, data: PageData, catalogue: Catalogue): string[] {
  const [top, index, ...rest] = path
  if (top === 'meta')
    return [String(catalogue.meta.title ?? labelOf('meta')), ...labelsAt(path.slice(1), catalogue.meta)]
  if (top === 'blocks' && typeof index === 'number') {
    const blocks = data.blocks ?? []
    const type = blocks[index]?.type
    const schema = catalogue.blocks.find((b) => b.type === type)?.schema
    return [blockLabel(blocks, index, catalogue), ...labelsAt(rest, schema)]
  }
  return labelsAt(path, undefined)
}

/** Every change from `before` to `after` (either may be absent: a new or a removed page). */
export function describeChanges(before: PageData | undefined, after: PageData | undefined, catalogue: Catalogue) {
  const changes: Change[] = []
  const label = (path: Path, side: 'before' | 'after') =>
    pageLabelsAt(path, (side === 'before' ? before : after) ?? {}, catalogue)
  const walk = (b: unknown, a: unknown, path: Path) => {
    if (isDeepStrictEqual(b, a)) return
    if (b === undefined)
      return changes.push({ where: label(path, 'after'), path: pathText(path), kind: 'added', after: a })
    if (a === undefined)
      return changes.push({ where: label(path, 'before'), path: pathText(path), kind: 'removed', before: b })
    if (isObject(b) && isObject(a) && b.type === a.type) {
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) walk(b[key], a[key], [...path, key])
      return
    }
    if (Array.isArray(b) && Array.isArray(a)) {
      // The items kept, found as a text diff finds lines; an item removed where another was added
      // is one item changed in place, described field by field.
      const parts = diffArrays(b, a, { comparator: isDeepStrictEqual })
      let i = 0
      let j = 0
      for (let k = 0; k < parts.length; k++) {
        const part = parts[k]
        const next = parts[k + 1]
        if (!part.added && !part.removed) {
          i += part.count ?? 0
          j += part.count ?? 0
          continue
        }
        const removed = part.removed ? (part.count ?? 0) : 0
        const added = part.added ? (part.count ?? 0) : next?.added && removed ? (next.count ?? 0) : 0
        if (part.removed && next?.added) k++
        for (let x = 0; x < Math.max(removed, added); x++)
          walk(x < removed ? b[i + x] : undefined, x < added ? a[j + x] : undefined, [
            ...path,
            x < added ? j + x : i + x,
          ])
        i += removed
        j += added
      }
      return
    }
    changes.push({ where: label(path, 'after'), path: pathText(path), kind: 'changed', before: b, after: a })
  }
  walk(before ?? {}, after ?? {}, [])
  return changes
}

/** A value as the Publish view quotes it: texts in quotes, shortened; lists and groups by their texts. */
export function quote(value: unknown, max = 80): string {
  if (typeof value === 'string') return `‘${value.length > max ? `${value.slice(0, max - 1)}…` : value}’`
  if (Array.isArray(value)) return quote(value.map(textOf).filter(Boolean).join(', '), max)
  if (isObject(value)) return quote(textOf(value), max)
  return String(value)
}
const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : isObject(value)
      ? ((Object.entries(value).find(([k, v]) => k !== 'id' && k !== 'type' && typeof v === 'string')?.[1] as string) ??
        '')
      : String(value ?? '')

/**
 * A short name for a change, for the commit message: the block and its field in lower case
 * ("hero heading"), or the block and the item's number ("FAQ 3").
 */
function shortName(change: Change) {
  const [block, field] = change.where
  if (!field) return lower(block)
  const item = /^(?:.+, )?item (\d+)$/i.exec(field)
  return item ? `${lower(block)} ${item[1]}` : `${lower(block)} ${lower(field)}`
}
const lower = (words: string) =>
  words
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ')

/** The commit message publishing suggests for one page: "About page: hero heading, FAQ 3". */
export function summaryOf(pageName: string, changes: Change[], pageWord: string) {
  const names = [...new Set(changes.map(shortName))]
  return `${pageName} ${pageWord}: ${names.join(', ')}`
}

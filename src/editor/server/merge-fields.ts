// The field-by-field merge of a page changed on both sides on the same lines: every field only one
// side changed takes that side's value; a field both changed differently is a conflict, settled by
// the marketer's choice ('mine' or 'live'). Objects merge key by key and lists of the same length
// item by item; anything else that both changed is one field.
import { isDeepStrictEqual } from 'node:util'
import { formatPath, type PathSegment } from '../../engine/problems'

export type Choice = 'mine' | 'live'
export type FieldConflict = { path: PathSegment[]; key: string; base: unknown; mine: unknown; live: unknown }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The merged data (each conflict as chosen, or the marketer's value until chosen) and every conflict. */
export function mergeFields(
  base: unknown,
  mine: unknown,
  live: unknown,
  choices: Record<string, Choice> = {},
): { merged: unknown; conflicts: FieldConflict[] } {
  const conflicts: FieldConflict[] = []
  const merge = (b: unknown, m: unknown, l: unknown, path: PathSegment[]): unknown => {
    if (isDeepStrictEqual(m, l) || isDeepStrictEqual(l, b)) return m
    if (isDeepStrictEqual(m, b)) return l
    if (isObject(b) && isObject(m) && isObject(l)) {
      const out: Record<string, unknown> = {}
      // The live side's key order, then keys only the marketer added.
      for (const key of new Set([...Object.keys(l), ...Object.keys(m)])) {
        const value = merge(b[key], m[key], l[key], [...path, key])
        if (value !== undefined) out[key] = value
      }
      return out
    }
    if (Array.isArray(b) && Array.isArray(m) && Array.isArray(l) && b.length === m.length && m.length === l.length)
      return m.map((item, i) => merge(b[i], item, l[i], [...path, i]))
    const key = formatPath(path)
    conflicts.push({ path, key, base: b, mine: m, live: l })
    return choices[key] === 'live' ? l : m
  }
  return { merged: merge(base, mine, live, []), conflicts }
}

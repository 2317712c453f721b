import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { explain } from './messages'
import type { PathSegment, Problem } from './problems'
import { problemAt, type YamlSource } from './yaml-source'

// One ajv for all content schemas; verbose so messages can quote the offending value, and
// useDefaults so a schema's `default` is what the page gets (props types count on it).
const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, useDefaults: true })
addFormats(ajv)

const cache = new WeakMap<object, ValidateFunction>()

export function compile(schema: object): ValidateFunction {
  let fn = cache.get(schema)
  if (!fn) {
    fn = ajv.compile(schema)
    cache.set(schema, fn)
  }
  return fn
}

/** Validates `data` (found at `prefix` inside `source`) and returns located problems. */
export function validateAt(source: YamlSource, schema: object, data: unknown, prefix: PathSegment[] = []): Problem[] {
  const validate = compile(schema)
  if (validate(data)) return []
  const seen = new Set<string>()
  const problems: Problem[] = []
  for (const error of validate.errors ?? []) {
    const explained = explain(error)
    if (!explained) continue
    const problem = problemAt(source, [...prefix, ...explained.path], explained.message, { part: explained.part })
    const key = `${problem.line}:${problem.col}:${problem.message}`
    if (!seen.has(key)) {
      seen.add(key)
      problems.push(problem)
    }
  }
  return problems
}

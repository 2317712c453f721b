// Stands in for `fast-uri` in the browser bundle (src/vite/config.ts aliases it here). @rjsf/utils
// uses it only to resolve `$ref` URIs against `$id`s, and the forms' schemas have none (a unit
// test keeps it so: tests/unit/forms/validators-are-precompiled.test.ts). The WHATWG URL
// parser resolves what an absolute base allows; anything else fails loudly instead of guessing.
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href
  } catch {
    throw new Error(`Cannot resolve "${ref}" against "${base}": the form schemas must not use relative $ref URIs`)
  }
}

const equal = (a: string, b: string) => a === b || resolve(a, '') === resolve(b, '')

export default { resolve, equal }

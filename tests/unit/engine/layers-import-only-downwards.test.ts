// The folder map in README.md is a stack of layers: src/content at the bottom, src/ui (what the
// app and the blocks both render) above it, the blocks above that and the app on top. A module
// imports from its own layer or a lower one, and a part two layers share lives below both: the
// blocks' own shared parts (src/blocks/_shared) are for the blocks only.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/** Each layer, and the layers above it that it may not import from. */
const ABOVE: Record<string, string[]> = {
  'src/content': ['src/ui', 'src/blocks', 'src/engine', 'src/app'],
  'src/ui': ['src/blocks', 'src/engine', 'src/app'],
  'src/blocks': ['src/engine', 'src/app'],
}

function importsOf(folder: string): { file: string; target: string }[] {
  const found: { file: string; target: string }[] = []
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(name)) continue
    const file = join(folder, name)
    const text = readFileSync(file, 'utf8')
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g))
      found.push({ file, target: relative('.', resolve(dirname(file), specifier)) })
  }
  return found
}

describe('the layers of src/', () => {
  for (const [layer, above] of Object.entries(ABOVE)) {
    it(`${layer} imports nothing from ${above.join(', ')}`, () => {
      const upwards = importsOf(layer).filter(({ target }) => above.some((a) => target.startsWith(`${a}/`)))
      expect(upwards.map(({ file, target }) => `${file} -> ${target}`)).toEqual([])
    })
  }

  it('src/blocks/_shared is imported by blocks only', () => {
    const outside = ['src/app', 'src/ui', 'src/content', 'src/engine', 'src/forms']
      .flatMap(importsOf)
      .filter(({ target }) => target.startsWith('src/blocks/_shared/'))
    expect(outside.map(({ file, target }) => `${file} -> ${target}`)).toEqual([])
  })
})

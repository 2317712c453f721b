// The company lives in its config (site.yaml, pages/, templates/, forms/), not in the engine: no
// word of the company or its trade is in the code of the engine's folders, comments aside. The
// comments are found by the parser Vite uses (oxc, `parseSync`), not by a pattern, and the rest of
// each file (strings, identifiers, JSX text) is searched.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parseSync } from 'vite'
import { describe, expect, it } from 'vitest'

const FOLDERS = ['src/engine', 'src/blocks', 'src/app', 'src/editor', 'scripts', 'server']
const WORDS = /florida|orlando|miami|veteran|bodyguard|executive protection|licen[cs]e/gi
const CODE = /\.(ts|tsx|js|mjs|cjs|mts)$/

// The files git keeps: not what npm installs inside a folder (scripts/layers/node_modules).
const filesUnder = (folder: string): string[] =>
  execFileSync('git', ['ls-files', '-z', '--', folder], { encoding: 'utf8' })
    .split('\0')
    .filter((f) => CODE.test(f))

/** The file's text with every comment blanked out (line breaks kept, so lines still count). */
function withoutComments(file: string, text: string): string {
  const { comments, errors } = parseSync(file, text)
  if (errors.length) throw new Error(`${file} does not parse: ${errors[0].message}`)
  let out = ''
  let at = 0
  for (const { start, end } of comments) {
    out += text.slice(at, start) + text.slice(start, end).replace(/[^\n]/g, ' ')
    at = end
  }
  return out + text.slice(at)
}

/** "file:line: word" for each of the company's words in the code of `text`. */
function companyWords(file: string, text: string): string[] {
  return withoutComments(file, text)
    .split('\n')
    .flatMap((line, i) => [...line.matchAll(WORDS)].map((m) => `${file}:${i + 1}: ${m[0]}`))
}

describe("the engine's code", () => {
  it('finds the words in code and not in comments', () => {
    const sample = [
      '// Florida, in a comment',
      "const place = 'Orlando' /* Miami, in a comment */",
      'const label = <b>Licensed</b>',
      '/** Veteran-owned, in a doc comment */',
    ].join('\n')
    expect(companyWords('sample.tsx', sample)).toEqual(['sample.tsx:2: Orlando', 'sample.tsx:3: License'])
  })

  it.each(FOLDERS)('%s names none of the company, comments aside', (folder) => {
    const files = filesUnder(folder)
    expect(files.length, `code files in ${folder}`).toBeGreaterThan(0)
    const found = files.flatMap((file) => companyWords(file, readFileSync(file, 'utf8')))
    expect(found, 'say it in site.yaml, pages/, templates/ or forms/ instead').toEqual([])
  })
})

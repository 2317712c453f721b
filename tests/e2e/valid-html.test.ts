// Every prerendered page is valid HTML: html-validate's `standard` (WHATWG conformance, no
// stylistic rules) and `document` (a well-formed document) presets, and the W3C's Nu Html Checker
// (vnu.jar, run by Java: scripts/ensure-vnu.sh installs both), over every HTML file of dist/.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { HtmlValidate } from 'html-validate'
import { describe, expect, it } from 'vitest'
import { pageFileOf } from '../../src/content/addresses'
import { loadContent } from '../../src/engine/content-store'

const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:document'],
  rules: {
    // Subresource integrity guards files from other origins; every script and style here is
    // served by the site itself (and the CSP allows no other origin).
    'require-sri': 'off',
  },
})

const files = [...loadContent(process.cwd()).pages.map((p) => `dist/${pageFileOf(p.path)}`), 'dist/404.html']

describe('valid HTML', () => {
  it.each(files)('%s', async (file) => {
    const report = await validator.validateString(readFileSync(file, 'utf8'), file)
    const errors = report.results.flatMap((r) =>
      r.messages.filter((m) => m.severity === 2).map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`),
    )
    expect(errors).toEqual([])
  })
})

const VNU_JAR = '.cache/vnu/node_modules/vnu-jar/build/dist/vnu.jar'
const vnuSkipReason =
  spawnSync('java', ['-version']).status !== 0
    ? 'no Java to run the Nu Html Checker (scripts/ensure-vnu.sh)'
    : !existsSync(VNU_JAR)
      ? 'vnu.jar is not installed (scripts/ensure-vnu.sh)'
      : null
if (vnuSkipReason) console.warn(`the Nu Html Checker: skipped, ${vnuSkipReason}`)

type VnuMessage = {
  type: string
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  message: string
}

/** The checker's errors and warnings (not its notes), each as `file:line:column message`. */
function nuHtmlChecker(paths: string[]): string[] {
  const result = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...paths], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.error || !result.stdout) throw new Error(`vnu did not run: ${result.error ?? result.stderr}`)
  const { messages } = JSON.parse(result.stdout) as { messages: VnuMessage[] }
  return messages
    .filter((m) => m.type !== 'info' || m.subType === 'warning')
    .map((m) => {
      const file = m.url ? relative(process.cwd(), new URL(m.url).pathname) : '?'
      return `${file}:${m.lastLine}:${m.firstColumn} ${m.message}`
    })
}

describe.skipIf(vnuSkipReason !== null)('the W3C Nu Html Checker', () => {
  it('reports no error and no warning on any HTML file of dist/', () => {
    const built = readdirSync('dist', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html') && !file.startsWith('.vite'))
      .map((file) => join('dist', file))
    expect(built).toEqual(expect.arrayContaining(files))
    // A page it must refuse, checked in the same run, so that a checker that checked nothing would
    // not pass: the favicon's address as it once was, with raw spaces.
    const folder = mkdtempSync(join(tmpdir(), 'vnu-'))
    const refused = join(folder, 'raw-space.html')
    writeFileSync(
      refused,
      `<!doctype html><html lang="en"><title>A page</title>
      <link rel="icon" href="data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg'%3e%3c/svg%3e">`,
    )
    try {
      const reported = nuHtmlChecker([...built, refused])
      const own = relative(process.cwd(), refused)
      expect(reported.filter((line) => line.startsWith(`${own}:`))).toEqual([
        expect.stringMatching(/^\S+:2:7 Bad value .* for attribute “href” on element “link”: .*Space is not allowed/),
      ])
      expect(reported.filter((line) => !line.startsWith(`${own}:`))).toEqual([])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

// Every prerendered page is valid HTML: html-validate's `standard` (WHATWG conformance, no
// stylistic rules) and `document` (a well-formed document) presets.
import { readFileSync } from 'node:fs'
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

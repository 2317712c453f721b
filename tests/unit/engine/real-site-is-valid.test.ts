import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../../src/engine/content-store'
import { formatProblems } from '../../../src/engine/problems'
import { generatedSchemaFiles } from '../../../src/engine/schema-files'

describe('the real site', () => {
  it('has no YAML errors (its warnings are listed in tests/unit/integrity/real-site.test.ts)', () => {
    const { problems } = loadContent(process.cwd())
    expect(
      problems.filter((p) => p.severity === 'error'),
      formatProblems(problems),
    ).toEqual([])
  })

  it('commits schema files generated from the block registry (run `npm run schemas` when this fails)', () => {
    for (const [file, expected] of Object.entries(generatedSchemaFiles())) {
      expect(readFileSync(file, 'utf8'), `${file} is stale: run npm run schemas`).toBe(expected)
    }
  })
})

// docs/blocks.md is generated from the block schemas; this fails when a schema changed and
// the catalogue was not regenerated.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BLOCKS_DOC, renderBlocksDoc } from '../../../scripts/docs-blocks'
import { blockSchemas } from '../../../src/engine/blocks'

describe('docs/blocks.md', () => {
  const expected = renderBlocksDoc()

  it('is up to date with the block schemas (run `npm run docs` when this fails)', () => {
    expect(readFileSync(BLOCKS_DOC, 'utf8') === expected, `${BLOCKS_DOC} is stale: run npm run docs`).toBe(true)
  })

  it('documents every block type: purpose, fields and one YAML example', () => {
    for (const [type, schema] of Object.entries(blockSchemas)) {
      const section = expected.split(`<a id="${type}"></a>`)[1].split('<a id=')[0]
      expect(section).toContain(`## \`${type}\`: ${schema.title}`)
      expect(section).toContain(schema.description)
      for (const field of Object.keys(schema.properties)) expect(section).toContain(`| \`${field}\` |`)
      expect(section).toContain(`\`\`\`yaml\nblocks:\n  - type: ${type}\n`)
    }
  })

  it('describes nested fields readably, with their limits', () => {
    expect(expected).toContain(
      '| `items` | list of groups (fields below), 1–12 entries | yes | The cards, in display order. |',
    )
    expect(expected).toContain('| `items[].href` | text, an address: /page, https://…, tel:, mailto: or #anchor | no |')
    expect(expected).toContain(
      '| `content` | list of entries, each text or a group with `subheading:` or a group with `list:`, at least 1 entry | yes |',
    )
    expect(expected).toContain('| `meta.title` | text, 10–70 characters | yes |')
  })
})

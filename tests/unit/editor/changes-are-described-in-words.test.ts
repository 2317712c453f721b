// The Publish view names each change by the labels the editor's forms show, with the old and the
// new value (src/editor/app/describe-changes.ts), from the parsed YAML and the block schemas'
// titles; and suggests a commit message made of them ("Orlando page: hero heading, FAQ 3").
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { pageMetaSchema } from '../../../src/content/page-meta-schema'
import type { Catalogue } from '../../../src/editor/app/api'
import { describeChanges, quote, summaryOf } from '../../../src/editor/app/describe-changes'
import { blockSchemas, blockTypes } from '../../../src/engine/blocks'
import { blockSchemaWithType } from '../../../src/engine/page-schema'

type Page = { meta: Record<string, unknown>; blocks: Record<string, unknown>[] }
// The catalogue as the editor's server hands it to the page (GET /_editor/api/catalogue).
const catalogue = {
  meta: pageMetaSchema,
  blocks: blockTypes.map((type) => ({ type, schema: blockSchemaWithType(type, blockSchemas[type]) })),
} as unknown as Catalogue
const orlando = () => parse(readFileSync('pages/orlando-security-services.yaml', 'utf8')) as Page
const faqOf = (page: Page) => page.blocks.find((b) => b.type === 'faq') as { items: Record<string, string>[] }
const say = (changes: ReturnType<typeof describeChanges>) =>
  changes.map((c) =>
    c.kind === 'changed'
      ? `${c.where.join(' · ')}: ${quote(c.before)} → ${quote(c.after)}`
      : `${c.where.join(' · ')}: ${c.kind}`,
  )

describe('the change description', () => {
  it("names the Orlando hero's heading and the third FAQ answer by their blocks and fields, old → new", () => {
    const before = orlando()
    const after = orlando()
    after.blocks[0].heading = 'Orlando Bodyguards'
    faqOf(after).items[2].answer = 'Yes, within the hour.'
    const changes = describeChanges(before, after, catalogue)
    expect(say(changes)).toEqual([
      `Hero · Heading: ‘Orlando Security Services and Executive Protection’ → ‘Orlando Bodyguards’`,
      `FAQ · Item 3 · Answer: ${quote(faqOf(before).items[2].answer)} → ‘Yes, within the hour.’`,
    ])
    expect(changes.map((c) => c.path)).toEqual([
      'blocks[0].heading',
      `blocks[${before.blocks.findIndex((b) => b.type === 'faq')}].items[2].answer`,
    ])
    expect(summaryOf('Orlando', changes, 'page')).toBe('Orlando page: hero heading, FAQ 3')
  })

  it('says which item was added or removed, and numbers blocks of one kind as the page has them', () => {
    const before = orlando()
    const after = orlando()
    faqOf(after).items.splice(1, 0, { id: 'new', question: 'New?', answer: 'Yes.' })
    after.meta.keywords = [...(before.meta.keywords as string[]), 'Kissimmee security']
    ;(after.blocks[1] as { heading: string }).heading = 'Orlando Services'
    after.blocks.splice(2, 1)
    const said = say(describeChanges(before, after, catalogue))
    expect(said).toContain('FAQ · Item 2: added')
    expect(said).toContain('Page settings · Keyword 7: added')
    expect(said).toContain(`Cards · Heading: ‘Security Services in Orlando’ → ‘Orlando Services’`)
    // The second list of cards went: it is named as the page had it (two of them), the one left as it has it now.
    expect(said.filter((s) => s.endsWith('removed'))).toEqual(['Cards 2: removed'])
  })

  it('describes a new page as added and keeps long texts short', () => {
    const page = orlando()
    expect(say(describeChanges(undefined, page, catalogue))).toEqual(['Page settings: added', 'Blocks: added'])
    expect(quote('x'.repeat(200))).toHaveLength(82)
  })
})

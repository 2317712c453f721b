// The editor's saves change only what was edited (src/editor/server/yaml-edit.ts): every page saved
// without an edit is the same bytes; a changed heading is one changed line; moved, added and
// removed blocks leave every comment, quote and blank line of the rest as written.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { editYaml } from '../../../src/editor/server/yaml-edit'
import { listPageFiles } from '../../../src/engine/load-content'

type Page = { meta: Record<string, unknown>; blocks: Record<string, unknown>[] }

/** Lines of `after` not in `before` and the reverse, by position-independent comparison. */
function changedLines(before: string, after: string) {
  const count = (lines: string[]) => lines.reduce((m, l) => m.set(l, (m.get(l) ?? 0) + 1), new Map<string, number>())
  const a = count(before.split('\n'))
  const b = count(after.split('\n'))
  const removed = [...a].flatMap(([line, n]) => Array(Math.max(0, n - (b.get(line) ?? 0))).fill(line))
  const added = [...b].flatMap(([line, n]) => Array(Math.max(0, n - (a.get(line) ?? 0))).fill(line))
  return { removed, added }
}

const SAMPLE = `# A page, written by hand.
meta:
  title: Sample Page   # the browser tab
  description: 'A page written with single quotes.'
  keywords: [one, two]

blocks:
  # The first thing visitors see.
  - type: hero
    heading: &heading Welcome to the Sample
    text: >-
      A folded paragraph that the marketer wrapped by hand, at a width of their choosing, over
      two lines.

  - type: cta
    heading: Call Us
    actions:
      - label: "Call {{company.phone.display}}"
        href: "tel:{{company.phone.tel}}"

  # Closing words.
  - type: text
    heading: *heading
    text: Thanks.
`

describe('saving a page from the editor', () => {
  it.each(listPageFiles(process.cwd()))('%s saved without an edit is byte-identical', (file) => {
    const text = readFileSync(file, 'utf8')
    expect(editYaml(text, parse(text))).toBe(text)
  })

  it('changes exactly the line of an edited heading, keeping every comment', () => {
    const data = parse(SAMPLE) as Page
    data.blocks[1].heading = 'Call Us Today'
    const edited = editYaml(SAMPLE, data)
    expect(changedLines(SAMPLE, edited)).toEqual({
      removed: ['    heading: Call Us'],
      added: ['    heading: Call Us Today'],
    })
    expect(parse(edited)).toEqual(data)
  })

  it('quotes a new value only where YAML needs it, and keeps the quoting style of the old one', () => {
    const data = parse(SAMPLE) as Page
    data.meta.title = 'Sample: a Page'
    data.meta.description = 'Still single quoted.'
    data.blocks[2].text = '42'
    const edited = editYaml(SAMPLE, data)
    expect(edited).toContain(`  title: "Sample: a Page"   # the browser tab`)
    expect(edited).toContain(`  description: 'Still single quoted.'`)
    expect(parse(edited)).toEqual(data)
  })

  it('moves a block with its comment, and keeps the anchor and alias', () => {
    const data = parse(SAMPLE) as Page
    data.blocks = [data.blocks[0], data.blocks[2], data.blocks[1]]
    const edited = editYaml(SAMPLE, data)
    expect(parse(edited)).toEqual(data)
    expect(edited).toContain('&heading')
    expect(edited).toContain('heading: *heading')
    expect(edited.indexOf('# Closing words.')).toBeLessThan(edited.indexOf('- type: cta'))
    for (const comment of ['# A page, written by hand.', '# the browser tab', '# The first thing visitors see.'])
      expect(edited).toContain(comment)
  })

  it('adds a block with two questions before the last one, writing only the new lines', () => {
    const data = parse(SAMPLE) as Page
    const faq = {
      type: 'faq',
      heading: 'Questions',
      items: [
        { question: 'Do you serve Naples?', answer: 'Yes: call {{company.phone.display}}.' },
        { question: 'Are you licensed?', answer: 'Yes.' },
      ],
    }
    data.blocks.splice(2, 0, faq)
    const edited = editYaml(SAMPLE, data)
    expect(parse(edited)).toEqual(data)
    expect(changedLines(SAMPLE, edited).removed).toEqual([])
    expect(edited).toMatch(
      /\n {2}- type: faq\n {4}heading: Questions\n {4}items:\n {6}- question: Do you serve Naples\?\n/,
    )
  })

  it('removes a block and a keyword, and adds a field where it was missing', () => {
    const data = parse(SAMPLE) as Page
    data.blocks.splice(1, 1)
    ;(data.meta.keywords as string[]).push('three')
    data.blocks[0].eyebrow = 'Sample · Florida'
    const edited = editYaml(SAMPLE, data)
    expect(parse(edited)).toEqual(data)
    expect(edited).toContain('  keywords: [one, two, three]')
    expect(edited).toContain('# A page, written by hand.')
    expect(edited).not.toContain('Call Us')
  })

  it('rewraps an edited folded paragraph at 100 columns without changing its words', () => {
    const data = parse(SAMPLE) as Page
    data.blocks[0].text = 'A much longer paragraph. '.repeat(10).trim()
    const edited = editYaml(SAMPLE, data)
    expect(parse(edited)).toEqual(data)
    const lines = edited.split('\n').filter((l) => l.includes('A much longer'))
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100)
  })
})

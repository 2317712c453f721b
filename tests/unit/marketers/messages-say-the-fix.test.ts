// Every message says what is wrong, where, and what to write instead; the dev overlay and
// the build list every problem of every file with the YAML lines around each one.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../../src/engine/content-store'
import { codeFrame, overlayError, problemsWithSnippets } from '../../../src/engine/problem-report'
import { formatProblem } from '../../../src/engine/problems'
import { fixtureSite, validPage } from '../fixture-site'

// Schema messages only: the cross-file checks have their own tests (tests/unit/integrity).
const messagesOf = (page: string) =>
  loadContent(fixtureSite({ 'p.yaml': page }), { integrity: false }).problems.map(formatProblem)
const withBlock = (block: string) => validPage().replace('  - type: cta', `${block}\n  - type: cta`)

describe('messages say the fix', () => {
  it('too few entries: the allowed range from minItems and maxItems, and how many to add', () => {
    const page = withBlock(
      '  - type: steps\n    heading: How it works\n    items:\n      - { title: Call, text: We talk. }',
    )
    expect(messagesOf(page)).toEqual([
      'pages/p.yaml:10:7 blocks[1].items: `items` must have 2 to 8 entries; this one has 1: add 1 more',
    ])
  })

  it('too many entries: how many to remove', () => {
    const items = Array.from({ length: 5 }, (_, i) => `      - { value: "${i}", label: Figure ${i} }`).join('\n')
    const page = validPage().replace(
      '    heading: A Page Heading For Tests',
      `    heading: A Page Heading For Tests\n    stats:\n${items}`,
    )
    expect(messagesOf(page)).toEqual([
      'pages/p.yaml:8:7 blocks[0].stats: `stats` must have at most 4 entries; this one has 5: remove 1',
    ])
  })

  it('text too long or too short: the range and by how much', () => {
    expect(messagesOf(validPage().replace('A valid page title for the tests', 'Short'))).toEqual([
      'pages/p.yaml:2:10 meta.title: `title` must be 10 to 70 characters; this one has 5: lengthen it by 5',
    ])
  })

  it('a missing field: what it is for and an example to write', () => {
    expect(messagesOf(withBlock('  - type: city-list\n    heading: Cities'))).toEqual([
      'pages/p.yaml:7:5 blocks[1]: missing required field `cities` (City or area names, in display order); add it here, e.g. `cities: [Springfield, Riverton]`',
    ])
  })

  it('a value not in the list: the nearest allowed value and all of them', () => {
    expect(messagesOf(withBlock('  - type: prose\n    heading: More\n    tone: mutd\n    content: [Text.]'))).toEqual([
      'pages/p.yaml:9:11 blocks[1].tone: `tone` is the text "mutd"; did you mean "muted"? it must be one of: light, muted',
    ])
  })

  it('an address without its leading slash: the corrected address', () => {
    expect(messagesOf(validPage().replace('href: /contact-us', 'href: contact-us'))).toEqual([
      'pages/p.yaml:11:15 blocks[1].actions[0].href: `href` is not in the expected form: the text "contact-us"; did you mean "/contact-us"? (Where the link goes: a site address such as /contact-us, a full https:// address, tel: or mailto:)',
    ])
  })

  it('a number where text is expected: put it in quotes', () => {
    expect(messagesOf(validPage().replace('heading: Talk to us', 'heading: 2025'))).toEqual([
      'pages/p.yaml:8:14 blocks[1].heading: `heading` must be text, but is number 2025; put it in quotes: "2025"',
    ])
  })

  it('one field where a list is expected: start entries with a dash', () => {
    expect(
      messagesOf(
        validPage().replace(
          '      - label: Contact\n        href: /contact-us',
          '      label: Contact\n      href: /contact-us',
        ),
      ),
    ).toEqual([
      'pages/p.yaml:10:7 blocks[1].actions: `actions` must be a list, but is a group of fields; start each entry with `- ` (a dash and a space)',
    ])
  })

  it('a prose entry of no known form: the allowed forms and the likely typo, once', () => {
    expect(
      messagesOf(withBlock('  - type: prose\n    heading: Story\n    content:\n      - subheadin: Our Mission')),
    ).toEqual([
      'pages/p.yaml:10:9 blocks[1].content[0]: entry 1 of `content` must be text; or a group with `subheading:`; or a group with `list:`; did you mean `subheading` instead of `subheadin`?',
    ])
  })
})

describe('the dev overlay and the build output', () => {
  // Two broken files.
  const root = fixtureSite({
    'one.yaml': validPage().replace('type: cta', 'type: ctaa'),
    'two.yaml': validPage().replace('heading: Talk to us', 'heading: 7'),
  })
  const { problems } = loadContent(root, { integrity: false })
  const read = (file: string) => readFileSync(join(root, file), 'utf8')

  it('lists every problem of every file, each with the YAML lines around it', () => {
    expect(problems).toHaveLength(2)
    const err = overlayError(root, problems, read)
    expect(err.message).toContain('pages/one.yaml:7:11 blocks[1].type: unknown block type "ctaa"; did you mean "cta"?')
    expect(err.message).toContain('pages/two.yaml:8:14 blocks[1].heading: `heading` must be text')
    expect(err.frame).toContain(`✖ pages/one.yaml:7:11 blocks[1].type: unknown block type "ctaa"`)
    expect(err.frame).toContain('> 7 |   - type: ctaa\n    |           ^')
    expect(err.frame).toContain('>  8 |     heading: 7\n     |              ^')
    expect(err.loc).toMatchObject({ file: join(root, 'pages/one.yaml'), line: 7, column: 11 })
    expect(err.stack).toContain(`${join(root, 'pages/two.yaml')}:8:14`)
  })

  it('the build prints the same, with a summary line', () => {
    const text = problemsWithSnippets(problems, read)
    expect(text.split('\n')[0]).toBe("2 errors in the site's YAML (2 files):")
    expect(text).toContain('  6 |     heading: A Page Heading For Tests\n> 7 |   - type: ctaa')
  })

  it('a code frame marks the line and the column', () => {
    expect(codeFrame('a: 1\nb: 2\nc: 3\n', 2, 4)).toBe('  1 | a: 1\n> 2 | b: 2\n    |    ^\n  3 | c: 3\n  4 |')
  })
})

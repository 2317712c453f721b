import { describe, expect, it } from 'vitest'
import { loadContent } from '../../../src/engine/content-store'
import { formatProblem } from '../../../src/engine/problems'
import { fixtureSite, validPage } from '../fixture-site'

const messagesOf = (pages: Record<string, string>) =>
  loadContent(fixtureSite(pages), { integrity: false }).problems.map(formatProblem)

describe('invalid YAML is reported with file, line, column, path and a readable message', () => {
  it('a YAML syntax error', () => {
    const messages = messagesOf({ 'broken.yaml': 'meta:\n  title: "unclosed\nblocks: []\n' })
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(/^pages\/broken\.yaml:\d+:\d+ YAML syntax: /)
  })

  it('an unknown block type, suggesting the nearest known type', () => {
    const page = validPage().replace('type: cta', 'type: ctaa')
    const [message] = messagesOf({ 'typo.yaml': page })
    expect(message).toMatch(
      /^pages\/typo\.yaml:7:11 blocks\[1\]\.type: unknown block type "ctaa"; did you mean "cta"\? known types: article-header, badges, cards, city-list, columns, cta, /,
    )
  })

  it('a field of the wrong type, pointing at the value', () => {
    const page = validPage().replace('heading: Talk to us', 'heading: 42')
    expect(messagesOf({ 'wrong.yaml': page })).toEqual([
      'pages/wrong.yaml:8:14 blocks[1].heading: `heading` must be text, but is number 42; put it in quotes: "42"',
    ])
  })

  it('a missing required field, at the object that lacks it', () => {
    const page = validPage().replace('    actions:\n      - label: Contact\n        href: /contact-us\n', '')
    expect(messagesOf({ 'missing.yaml': page })).toEqual([
      'pages/missing.yaml:7:5 blocks[1]: missing required field `actions` (One to three buttons); add it here, e.g. `actions: [{ label: Request a Consultation, href: /contact-us }]`',
    ])
  })

  it('a nested field deep inside a block', () => {
    const page = validPage().replace('href: /contact-us', 'href: contact-us')
    const [message] = messagesOf({ 'nested.yaml': page })
    expect(message).toMatch(
      /^pages\/nested\.yaml:11:15 blocks\[1\]\.actions\[0\]\.href: `href` is not in the expected form: the text "contact-us"/,
    )
  })

  it('an unknown field, suggesting the intended one', () => {
    const page = validPage().replace('heading: Talk to us', 'heading: Talk to us\n    txt: Hello')
    expect(messagesOf({ 'extra.yaml': page })).toEqual([
      'pages/extra.yaml:9:5 blocks[1].txt: unknown field `txt`; did you mean `text`?',
    ])
  })

  it('too few entries, saying how many there are', () => {
    const page = validPage().replace(
      '  - type: cta',
      '  - type: stats\n    heading: Figures\n    items: []\n  - type: cta',
    )
    expect(messagesOf({ 'few.yaml': page })).toEqual([
      'pages/few.yaml:9:12 blocks[1].items: `items` must have 1 to 8 entries; this one has 0: add 1 more',
    ])
  })

  it('two files claiming one address', () => {
    const messages = messagesOf({ 'about.yaml': validPage(), 'about/index.yaml': validPage() })
    expect(messages).toEqual([
      'pages/about.yaml:1:1 two files claim the address /about: this one and pages/about/index.yaml; rename or remove one',
    ])
  })

  it('an unknown placeholder, suggesting the fact that exists', () => {
    const page = validPage().replace('heading: Talk to us', 'heading: "Call {{company.phone.dispaly}}"')
    expect(messagesOf({ 'ph.yaml': page })).toEqual([
      'pages/ph.yaml:8:14 blocks[1].heading: unknown placeholder {{company.phone.dispaly}}; did you mean {{company.phone.display}}? (site facts live in site.yaml)',
    ])
  })

  it('every problem of every file in one run', () => {
    const messages = messagesOf({
      'one.yaml': validPage().replace('type: cta', 'type: hreo'),
      'two.yaml': validPage().replace('heading: Talk to us', 'heading: 7'),
    })
    expect(messages.map((m) => m.split(':')[0])).toEqual(['pages/one.yaml', 'pages/two.yaml'])
  })
})

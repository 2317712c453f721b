// Blocks that hold blocks (issue 59): a slot's blocks are validated like the page's, located at
// file:line:col inside the slot; every page-wide check walks them; they render in their slot.
import { afterAll, describe, expect, it } from 'vitest'
import type { Block } from '../../../src/blocks/types'
import { hydrationData } from '../../../src/build/steps/prerender'
import { walkBlocks } from '../../../src/engine/blocks'
import { misplacedBlock } from '../../../src/engine/load-content'
import { check, checkRendered, closeRenderer, EVENTS, events, sharedRenderer, where } from './integrity-fixture'

const cta = '  - type: cta\n    heading: Talk to us\n    actions:\n      - { label: Contact, href: /contact-us }\n'
const quoteForm = (indent: string, extra = '') =>
  [
    'type: form',
    'heading: Request a Free Quote',
    'form: quote',
    'submitLabel: Send',
    'submittingLabel: Sending...',
    'success: { title: Received, text: We will call you back. }',
    'failure: { title: Not sent, text: Please try again. }',
    ...(extra ? [extra] : []),
  ]
    .map((line, i) => `${indent}${i === 0 ? '- ' : '  '}${line}\n`)
    .join('')
const heroWith = (aside: string) => `  - type: hero\n    heading: Event Security\n    aside:\n${aside}`
const picture = (indent: string) =>
  `${indent}- type: picture\n${indent}  image: { src: /images/team/protection-director.svg, alt: A portrait }\n`

describe('a slot is validated like the page, at file:line:col', () => {
  it('a hero holding the quote form is valid', () => {
    expect(check(events(heroWith(quoteForm('      ')) + cta)).messages).toEqual([])
  })

  it('a block type the slot does not take', () => {
    const c = check(events(`${heroWith('      - type: cta\n        heading: Call us\n')}${cta}`))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'cta', 'type: cta')} blocks[0].aside[0].type: a cta block cannot go in the hero block's \`aside\` slot, which holds form or picture: move it to the page's \`blocks:\` or use one of those`,
    ])
  })

  it('an unknown type in a slot is named with the nearest the slot takes', () => {
    const c = check(events(`${heroWith('      - type: pictur\n')}${cta}`))
    expect(c.messages[0]).toContain(
      `${where(c, EVENTS, 'pictur')} blocks[0].aside[0].type: unknown block type "pictur"; did you mean "picture"?`,
    )
  })

  it("a slot's block is checked against its own type's schema, at its place", () => {
    const form = quoteForm('      ').replace(/^ *submitLabel: Send\n/m, '')
    const c = check(events(heroWith(form) + cta))
    expect(c.messages).toEqual([expect.stringContaining(`blocks[0].aside[0]: `)])
    expect(c.messages[0]).toContain('submitLabel')
    expect(c.messages[0].startsWith(`${where(c, EVENTS, 'type: form')}`)).toBe(true)
  })

  it('more blocks than the slot holds', () => {
    const c = check(events(heroWith(picture('      ') + picture('      ')) + cta))
    expect(c.messages).toHaveLength(1)
    expect(c.messages[0]).toContain('blocks[0].aside: ')
  })

  it('a form inside a form', () => {
    expect(misplacedBlock('search', { at: ['blocks', 0, 'aside', 0], inForm: 'form' })).toBe(
      'a search block inside a form block would put a form inside a form, which browsers cannot send: move one of them out',
    )
    expect(misplacedBlock('picture', { at: ['blocks', 0, 'aside', 0], inForm: 'form' })).toBeUndefined()
  })

  it('two blocks with one anchor, one of them in a slot', () => {
    const c = check(
      events(
        heroWith(quoteForm('      ', 'anchor: quote')) +
          cta.replace('heading: Talk', 'anchor: quote\n    heading: Talk'),
      ),
    )
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'quote', 'anchor: quote', 2)} blocks[1].anchor: anchor "quote" is already used by blocks[0].aside[0] on this page; links to #quote can reach only one: give this block another anchor`,
    ])
  })
})

describe('headings inside slots', { timeout: 60_000 }, () => {
  afterAll(closeRenderer, 30_000)

  it("a hero's aside form (h2) follows the page's h1", async () => {
    expect((await checkRendered(events(heroWith(quoteForm('      ')) + cta))).messages).toEqual([])
  })

  it('a heading out of order inside a slot is reported at the block in the slot', async () => {
    const columns =
      '  - type: columns\n    columns:\n      - type: prose\n        heading: Planned\n        content: [Every plan is written.]\n'
    const c = await checkRendered(events(`${columns}  - type: hero\n    heading: Event Security\n${cta}`))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'prose', 'type: prose')} blocks[0].columns[0].type: the page's first heading is this prose block's h2, before the page's h1 (blocks[1] hero): move the hero block to the top of \`blocks:\``,
    ])
  })

  it('a slot renders its blocks in an element naming its place', async () => {
    const hero = {
      type: 'hero',
      heading: 'Event Security',
      aside: [{ type: 'picture', image: { src: '/images/team/protection-director.svg', alt: 'A portrait' } }],
    }
    const [html] = await (await sharedRenderer()).render([hero])
    expect(html).toMatch(/<div class="hero__aside" data-slot="0\.aside">(<!--\$-->)?<figure class="picture-block">/)
    expect(html).toContain('alt="A portrait"')
  })
})

describe('one walk over blocks and their slots', () => {
  const form = { type: 'form', form: 'quote' }
  const blocks = [
    { type: 'hero', heading: 'H', aside: [form] },
    { type: 'columns', columns: [{ type: 'prose' }, { type: 'picture' }] },
    { type: 'cta' },
  ] as unknown as Block[]

  it('visits every block in document order, each at its path, with the block and slot holding it', () => {
    expect(walkBlocks(blocks).map((v) => [v.block.type, v.path.join('.'), v.parent?.slot])).toEqual([
      ['hero', 'blocks.0', undefined],
      ['form', 'blocks.0.aside.0', 'aside'],
      ['columns', 'blocks.1', undefined],
      ['prose', 'blocks.1.columns.0', 'columns'],
      ['picture', 'blocks.1.columns.1', 'columns'],
      ['cta', 'blocks.2', undefined],
    ])
  })

  it("the page data keeps a block's props when a block in its slot hydrates, and only then", () => {
    const data = hydrationData({ blocks } as never)
    expect(data.blocks[0]).toEqual(blocks[0])
    expect(data.blocks[1]).toEqual({ type: 'columns' })
    expect(data.blocks[2]).toEqual({ type: 'cta' })
  })
})

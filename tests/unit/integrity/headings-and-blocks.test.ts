import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, describe, expect, it } from 'vitest'
import { TestimonialsBlock } from '../../../src/blocks/testimonials/TestimonialsBlock'
import { CATALOGUE_FILE, loadSiteContent, siteContentStore } from '../../../src/engine/block-catalogue'
import { blockSchemas } from '../../../src/engine/blocks'
import { loadContent } from '../../../src/engine/content-store'
import { headingLevels } from '../../../src/engine/integrity/headings'
import { check, checkRendered, closeRenderer, EVENTS, events, sharedRenderer, where } from './integrity-fixture'

const hero = '  - type: hero\n    heading: Event Security\n'
const cta = '  - type: cta\n    heading: Talk to us\n    actions:\n      - { label: Contact, href: /contact-us }\n'

describe('4 and 6. headings: exactly one h1, first, no skipped level', { timeout: 30_000 }, () => {
  // The first render starts Vite's module loader for the components.
  afterAll(closeRenderer, 30_000)

  it('a page without an h1', async () => {
    const c = await checkRendered(events(cta))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'blocks')} blocks: this page has no h1 heading (every block here renders an h2): start it with a block that renders the page's h1 (hero) whose heading says what the page is about`,
    ])
  })

  it('a page with two h1s', async () => {
    const c = await checkRendered(events(`${hero + cta}  - type: hero\n    heading: Events Again\n`))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'hero', 'type: hero', 2)} blocks[2].type: a second h1 on the page (blocks[0] hero is the first): a page has exactly one h1; keep one hero block and make this one a block whose heading is an h2`,
    ])
  })

  it('a heading level skipped: an h2 section before the page h1', async () => {
    const c = await checkRendered(events(cta + hero))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'cta', 'type: cta')} blocks[0].type: the page's first heading is this cta block's h2, before the page's h1 (blocks[1] hero): move the hero block to the top of \`blocks:\``,
    ])
  })

  it('headings are read off what each block renders: only hero, article-header and search render the h1', async () => {
    // The development catalogue holds every block type's first example, resolved like any page.
    const { content } = loadSiteContent(siteContentStore(process.cwd(), true), true)
    const catalogue = content.parsed.find((p) => p.raw.meta.noindex && p.file === CATALOGUE_FILE)!
    const examples = catalogue.blocks!.filter((b) => b.index % 2 === 1).map((b) => b.block)
    // The renderer the checks above use (one Vite module loader for the file, not a second).
    const html = await (await sharedRenderer()).render(examples)
    const h1 = examples.filter((_, i) => headingLevels(html[i])[0] === 1).map((b) => b.type)
    expect(h1.sort()).toEqual(['article-header', 'hero', 'search'])
    // Every other block opens with its h2 section heading, but a picture, which has none.
    for (const [i, b] of examples.entries())
      if (!h1.includes(b.type) && b.type !== 'picture') expect([b.type, headingLevels(html[i])[0]]).toEqual([b.type, 2])
    expect(headingLevels(html[examples.findIndex((b) => b.type === 'picture')])).toEqual([])
  }, 60_000)
})

describe('6. rules for single blocks', () => {
  it('a faq block needs at least one question (its schema says so)', () => {
    const c = check(events(`${hero}  - type: faq\n    heading: Questions\n    items: []\n${cta}`))
    const own = c.messages.filter((m) => m.startsWith(EVENTS))
    expect(own).toHaveLength(1)
    expect(own[0].startsWith(`${where(c, EVENTS, '[]')} blocks[1].items: \`items\` must have `)).toBe(true)
  })

  it('two questions of one faq with the same id', () => {
    const faq =
      '  - type: faq\n    heading: Questions\n    items:\n      - { id: cost, question: How much?, answer: It depends. }\n      - { id: cost, question: How fast?, answer: Within hours. }\n'
    const c = check(events(hero + faq + cta))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'cost', 'How fast')} blocks[1].items[1].id: id "cost" is already used by items[0] of this FAQ; each question needs its own id (e.g. a word from the question)`,
    ])
  })

  it('two sections of a page with the same anchor', () => {
    const c = check(
      events(
        hero +
          cta.replace('heading:', 'anchor: contact\n    heading:') +
          cta.replace('heading:', 'anchor: contact\n    heading:'),
      ),
    )
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'contact', 'anchor: contact', 2)} blocks[2].anchor: anchor "contact" is already used by blocks[1] on this page; links to #contact can reach only one: give this block another anchor`,
    ])
  })

  it('a related-links block names one of the sets of links site.yaml declares, whatever their names', () => {
    const related = (set: string) => `  - type: related-links\n    heading: Related\n    context: ${set}\n`
    expect(check(events(hero + related('events') + cta)).messages).toEqual([])
    const c = check(events(hero + related('event') + cta))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'event', 'context: event')} blocks[1].context: no set of related links is named "event": use one of "services", "events", or declare it under \`relatedLinks:\` in site.yaml`,
    ])
  })

  it('a carousel of one quote is a warning: it never rotates but shows its controls', () => {
    const carousel =
      '  - type: testimonials\n    heading: Clients\n    items:\n      - { quote: Flawless., author: CEO, company: Technology Company }\n'
    const c = check(events(hero + carousel + cta))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'testimonials')} blocks[1].type: a testimonials carousel with one quote never rotates but still shows pause, previous, next and dot controls; add quotes, or use \`type: quote\` for a single one`,
    ])
    expect(c.problems[0].severity).toBe('warning')
  })

  it('an auto-rotating carousel always offers pause: the component renders the button whatever the YAML says', () => {
    const html = renderToStaticMarkup(
      createElement(TestimonialsBlock, {
        heading: 'Clients',
        intervalMs: 3000,
        items: [
          { quote: 'One', author: 'A', company: 'B' },
          { quote: 'Two', author: 'C', company: 'D' },
        ],
        // The carousel's words come from site.yaml (texts.testimonials), resolved at build time.
        texts: loadContent(process.cwd(), { integrity: false }).site!.texts.testimonials,
      }),
    )
    expect(html).toMatch(
      /<button[^>]*aria-pressed="false"[^>]*>.*Pause<span class="visually-hidden"> automatic rotation<\/span><\/button>/,
    )
    expect(blockSchemas.testimonials.properties.intervalMs.minimum).toBe(3000)
  })
})

import { describe, expect, it } from 'vitest'
import { loadContent } from '../../../src/engine/content-store'
import { factPaths } from '../../../src/engine/placeholders'
import { fixtureSite, validPage } from '../fixture-site'

describe('a site fact is filled in as site.yaml writes it', () => {
  it('5.0 stays 5.0, 1e3 stays 1e3 (YAML reads both as numbers); text and nesting as before', () => {
    const facts = factPaths({ text: 'rating:\n  value: 5.0\n  count: 47\nbig: 1e3\nquoted: "5.0"\nlist: [1.0]\n' })
    expect(Object.fromEntries(facts)).toEqual({
      'rating.value': '5.0',
      'rating.count': '47',
      big: '1e3',
      quoted: '5.0',
    })
  })

  it('the real rating reads "Rated 5.0" on a page', () => {
    const page = validPage().replace(
      'heading: Talk to us',
      'heading: "Rated {{company.rating.value}} across {{company.rating.count}} reviews"',
    )
    const content = loadContent(fixtureSite({ 'x.yaml': page }), { integrity: false })
    expect(content.problems).toEqual([])
    expect(content.pages[0].blocks[1]).toMatchObject({ heading: 'Rated 5.0 across 47 reviews' })
    // site.yaml's own data keeps the number (structured data for search engines wants one).
    expect(content.site?.company.rating.value).toBe(5)
  })
})

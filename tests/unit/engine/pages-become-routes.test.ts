import { describe, expect, it } from 'vitest'
import { addressOf } from '../../../src/content/addresses'
import { loadContent } from '../../../src/engine/content-store'
import { fixtureSite, validPage } from '../fixture-site'

describe('a page file becomes a route at the address of its path', () => {
  it('derives addresses from file paths', () => {
    expect(addressOf('index.yaml')).toBe('/')
    expect(addressOf('services/event-security.yaml')).toBe('/services/event-security')
    expect(addressOf('services/index.yaml')).toBe('/services')
  })

  it('a new city page needs no other change, and city lists link to it', () => {
    const florida = validPage().replace(
      '  - type: cta',
      '  - type: city-list\n    heading: Cities\n    cities: [Naples, Ocala]\n    fallbackHref: /florida\n  - type: cta',
    )
    const naples = validPage().replace('meta:\n', 'meta:\n  city: Naples\n')
    const content = loadContent(fixtureSite({ 'florida.yaml': florida, 'naples-security-services.yaml': naples }), {
      integrity: false,
    })
    expect(content.problems).toEqual([])
    expect(content.pages.map((p) => p.path)).toEqual(['/florida', '/naples-security-services'])
    expect(content.manifest.folders).toEqual([''])
    const list = content.pages[0].blocks.find((b) => b.type === 'city-list')
    expect(list).toMatchObject({ links: { Naples: '/naples-security-services', Ocala: '/florida' } })
  })

  it('breadcrumbs come from the path, with labels from page meta or site.yaml', () => {
    const service = validPage().replace('meta:\n', 'meta:\n  breadcrumb: Event Security\n')
    const content = loadContent(fixtureSite({ 'index.yaml': validPage(), 'services/event-security.yaml': service }))
    const page = content.pages.find((p) => p.path === '/services/event-security')!
    expect(page.breadcrumbs).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Services', href: '' },
      { label: 'Event Security', href: '/services/event-security' },
    ])
    expect(content.pages.find((p) => p.path === '/')!.breadcrumbs).toEqual([])
  })

  it('fills site facts into pages, so a fact lives only in site.yaml', () => {
    const page = validPage().replace(
      'heading: Talk to us',
      'heading: "Call {{company.phone.display}} since {{company.foundingYear}}"',
    )
    const content = loadContent(fixtureSite({ 'x.yaml': page }))
    expect(content.pages[0].blocks[1]).toMatchObject({ heading: 'Call (407) 555-0142 since 1994' })
  })
})

describe('aliases declared in a page become redirects', () => {
  it('adds each alias as a redirect to the page', () => {
    const naples = validPage().replace('meta:\n', 'meta:\n  aliases: [/naples-security]\n')
    const content = loadContent(fixtureSite({ 'naples-security-services.yaml': naples }), { integrity: false })
    expect(content.problems).toEqual([])
    expect(content.redirects).toContainEqual({ from: '/naples-security', to: '/naples-security-services' })
  })
})

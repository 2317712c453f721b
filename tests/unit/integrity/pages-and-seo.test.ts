import { describe, expect, it } from 'vitest'
import { hasErrors } from '../../../src/engine/problems'
import { basePages, baseSite, check, lineAt, page, where } from './integrity-fixture'

// Replaces the last page in file order (contact-us, index, services/event-security).
const events = (title: string, description: string, meta = '') => ({
  ...basePages(),
  'services/event-security.yaml': page({ title, description, meta }),
})
const EVENTS = 'pages/services/event-security.yaml'
const HOME_TITLE = 'Executive Protection in Central Florida'
const HOME_DESCRIPTION =
  'Licensed executive protection, event and residential security across Central Florida, day and night.'
const DESCRIPTION =
  'Risk planning, access control, VIP escort and crowd management for galas, conferences and private events.'

describe('3. uniqueness across pages', () => {
  it('two pages with one title: reported on the second, naming the first', () => {
    const c = check(events(HOME_TITLE, DESCRIPTION))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, HOME_TITLE)} meta.title: same title as ${lineAt(c, 'pages/index.yaml', 'title:')}: each page needs its own, so search results can tell them apart; name what this page is about (its service, city or topic)`,
    ])
  })

  it('two pages with one description', () => {
    const c = check(events('Event Security for Galas and Conferences', HOME_DESCRIPTION))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, HOME_DESCRIPTION)} meta.description: same description as ${lineAt(c, 'pages/index.yaml', 'description:')}: each page needs its own search snippet; describe what is particular to this page`,
    ])
  })

  it('two pages claiming one city', () => {
    const pages = basePages()
    pages['index.yaml'] = pages['index.yaml'].replace('meta:\n', 'meta:\n  city: Orlando\n')
    pages['services/event-security.yaml'] = pages['services/event-security.yaml'].replace(
      'meta:\n',
      'meta:\n  city: Orlando\n',
    )
    const c = check(pages)
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'Orlando')} meta.city: this city is already declared by ${lineAt(c, 'pages/index.yaml', 'city:')}, so city lists can link only one of the two pages; remove \`city:\` from one of them`,
    ])
  })
})

describe('4. search-engine rules', () => {
  it('a title longer than 60 characters once the suffix is added', () => {
    const title = 'Event Security for Galas, Weddings and Conferences'
    const c = check(events(title, DESCRIPTION))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, title)} meta.title: the title is ${title.length + 18} characters with the suffix " | Sentinel Shield" ("${title} | Sentinel Shield"); search results cut titles after 60: shorten it by ${title.length + 18 - 60}`,
    ])
  })

  it('a title shorter than 30 characters (one that names the brand gets no suffix)', () => {
    const c = check(events('Sentinel Shield Events', DESCRIPTION))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'Sentinel Shield Events')} meta.title: the title is 22 characters; titles need 30-60 to say what the page offers: add 8 or more (e.g. the service or the place)`,
    ])
  })

  it('a description shorter than 70 characters', () => {
    const short = 'Access control, VIP escort and crowd management for private events.'
    const c = check(events('Event Security for Galas and Conferences', short))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, short)} meta.description: the description is ${short.length} characters; a search snippet needs 70-160: add ${70 - short.length} or more`,
    ])
  })

  it('a description longer than 160 characters', () => {
    const long = `${DESCRIPTION} Licensed officers plan every detail with your organisers.`
    const c = check(events('Event Security for Galas and Conferences', long))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, long)} meta.description: the description is ${long.length} characters; search results cut it after 160: shorten it by ${long.length - 160}`,
    ])
  })

  it('a page no link leads to is an error', () => {
    const pages = {
      ...basePages(),
      'naples.yaml': page({
        title: 'Naples Security and Executive Protection',
        description: 'Licensed executive protection and event security in Naples and Southwest Florida, day and night.',
      }),
    }
    const c = check(pages)
    expect(c.messages).toEqual([
      `${where(c, 'pages/naples.yaml', 'meta')} meta: no link leads to this page (an orphan): neither site.yaml (navigation, footer, services, relatedLinks) nor any page links here; link it from the navigation or footer in site.yaml, or from a related page, or set meta.noindex: true if it is reached only by its address (e.g. from an ad)`,
    ])
  })

  it('links the engine adds count: a city list links the page that declares its city', () => {
    const pages = basePages()
    pages['index.yaml'] = pages['index.yaml'].replace(
      '  - type: cta',
      '  - type: city-list\n    heading: Cities\n    cities: [Naples]\n  - type: cta',
    )
    pages['naples.yaml'] = page({
      title: 'Naples Security and Executive Protection',
      description: 'Licensed executive protection and event security in Naples and Southwest Florida, day and night.',
      meta: '  city: Naples\n',
    })
    expect(check(pages).messages).toEqual([])
  })

  it("site.yaml's places.listedOn names a page with a city list", () => {
    const withList = basePages()
    withList['index.yaml'] = withList['index.yaml'].replace(
      '  - type: cta',
      '  - type: city-list\n    heading: Cities\n    cities: [Naples]\n  - type: cta',
    )
    const places = (listedOn: string) => ({ ...baseSite(), places: { listedOn } })
    expect(check(withList, places('/')).messages).toEqual([])
    const missing = check(withList, places('/contact'))
    expect(missing.messages).toContain(
      `${where(missing, 'site.yaml', '/contact', 'listedOn: /contact')} places.listedOn: no page has the address /contact; did you mean /contact-us?: name the page whose city list names the places`,
    )
    const noList = check(basePages(), places('/'))
    expect(noList.messages).toEqual([
      `${where(noList, 'site.yaml', '/', 'listedOn: /')} places.listedOn: pages/index.yaml has no block with \`cities:\` (a city-list block), so new places cannot be added to it`,
    ])
  })

  it('an unlinked page with meta.noindex (e.g. /search) is only a warning, which does not fail the build', () => {
    const pages = {
      ...basePages(),
      'search.yaml': page({
        title: 'Search Our Security Services and Insights',
        description:
          'Search our pages on executive protection, event and residential security, Florida locations and insights.',
        meta: '  noindex: true\n',
        blocks: '  - type: search\n    heading: Search Our Site\n',
      }),
    }
    const c = check(pages)
    expect(c.messages).toEqual([
      `${where(c, 'pages/search.yaml', 'meta')} meta: no link leads to this page: neither site.yaml (navigation, footer, services, relatedLinks) nor any page links here. It has meta.noindex, so this is fine if visitors reach it only by its address; otherwise link it from the navigation or footer in site.yaml, or from a related page`,
    ])
    expect(c.problems[0].severity).toBe('warning')
    expect(hasErrors(c.problems)).toBe(false)
  })
})

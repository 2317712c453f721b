import { describe, expect, it } from 'vitest'
import { basePages, baseSite, check, checkWithRoot, lineAt, page, where } from './integrity-fixture'

const withCta = (href: string) =>
  page({
    title: 'Workplace Security for Florida Offices',
    description: 'Workplace violence prevention, security officers and threat management for offices and campuses.',
    blocks: `  - type: hero
    heading: Workplace Security
  - type: cta
    heading: Talk to us
    actions:
      - label: Contact
        href: ${href}
`,
  })

describe('1. internal links lead to a page', () => {
  it('a mistyped link on a page is an error at the link, suggesting the nearest address', () => {
    const c = check({ ...basePages(), 'services/event-security.yaml': withCta('/contact-uss') })
    expect(c.messages).toEqual([
      `${where(c, 'pages/services/event-security.yaml', '/contact-uss')} blocks[1].actions[0].href: links to /contact-uss, but no page has that address; did you mean /contact-us? (or create pages/contact-uss.yaml)`,
    ])
  })

  it('a broken link in site.yaml (navigation) is reported in site.yaml', () => {
    const site = baseSite()
    ;(site.nav as { links: { label: string; href: string }[] }).links.push({ label: 'Events', href: '/event-security' })
    const c = check(basePages(), site)
    expect(c.messages).toEqual([
      `${where(c, 'site.yaml', '/event-security', 'href: /event-security')} nav.links[2].href: links to /event-security, but no page has that address; did you mean /services/event-security? (or create pages/event-security.yaml)`,
    ])
  })

  it('#fragments and ?queries are ignored, redirects are followed, tel:/mailto:/https: are out of scope', () => {
    const c = check({ ...basePages(), 'services/event-security.yaml': withCta('/contact-us#form') })
    expect(c.messages).toEqual([])
    for (const href of [
      '"/contact?topic=events"',
      '"tel:+13055550100"',
      'mailto:x@example.com',
      'https://example.com/nowhere',
    ])
      expect(check({ ...basePages(), 'services/event-security.yaml': withCta(href) }).messages).toEqual([])
  })

  it('a link to a redirect whose target is gone names the redirect to fix', () => {
    const site = {
      ...baseSite(),
      redirects: [
        { from: '/contact', to: '/contact-us' },
        { from: '/events', to: '/services/events' },
      ],
    }
    const c = check({ ...basePages(), 'services/event-security.yaml': withCta('/events') }, site)
    const redirectLine = lineAt(c, 'site.yaml', 'from: /events')
    expect(c.messages).toContain(
      `${where(c, 'pages/services/event-security.yaml', '/events')} blocks[1].actions[0].href: links to /events, but that address redirects to /services/events, which leads to no page; fix the redirect (${redirectLine}) or link the page directly`,
    )
  })

  it('a default link counts too: an article header without backHref links to /insights', () => {
    const article = page({
      title: 'Executive Protection vs. Bodyguards',
      description:
        'Why a trained executive protection team does far more than a bodyguard, and what the difference means for you.',
      blocks: '  - type: article-header\n    heading: Executive Protection vs. Bodyguards\n',
    })
    const c = check({ ...basePages(), 'article.yaml': article })
    const problems = c.messages.filter((m) => m.includes('/insights'))
    expect(problems).toEqual([
      `${where(c, 'pages/article.yaml', 'type: article-header')} blocks[0]: this block links to /insights (the default backHref), but no page has that address; set \`backHref:\` to an existing address, or create pages/insights.yaml`,
    ])
  })

  it('a page whose file exists but failed its schema is not reported again as missing (given the root)', () => {
    const pages = { ...basePages(), 'services/event-security.yaml': 'meta: {}\nblocks: []\n' }
    expect(checkWithRoot(pages, ['services/event-security.yaml']).messages).toEqual([])
  })
})

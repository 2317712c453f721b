import { describe, expect, it } from 'vitest'
import { basePages, baseSite, check, lineAt, where } from './integrity-fixture'

const withRedirects = (...redirects: [string, string][]) => ({
  ...baseSite(),
  redirects: redirects.map(([from, to]) => ({ from, to })),
})

describe('2. redirects', () => {
  it('a redirect to no page, suggesting the nearest address', () => {
    const c = check(basePages(), withRedirects(['/contact', '/contact-uss']))
    expect(c.messages).toEqual([
      `${where(c, 'site.yaml', '/contact-uss')} redirects[0].to: redirects to /contact-uss, but no page has that address; did you mean /contact-us?`,
    ])
  })

  it('a chain of two redirects, naming the final page', () => {
    const c = check(basePages(), withRedirects(['/contact', '/contact-us'], ['/reach-us', '/contact']))
    expect(c.messages).toEqual([
      `${where(c, 'site.yaml', '/contact', 'to: /contact', 2)} redirects[1].to: redirects to /contact, which is itself redirected (${lineAt(c, 'site.yaml', 'from: /contact')}): a chain of redirects; point it straight at /contact-us`,
    ])
  })

  it('a loop', () => {
    const c = check(basePages(), withRedirects(['/a', '/b'], ['/b', '/a']))
    expect(c.messages).toEqual([
      `${where(c, 'site.yaml', '/b', 'to: /b')} redirects[0].to: redirect loop /a → /b → /a: visitors would never arrive; point /a at a page`,
      `${where(c, 'site.yaml', '/a', 'to: /a')} redirects[1].to: redirect loop /b → /a → /b: visitors would never arrive; point /b at a page`,
    ])
  })

  it('a redirect that would hide a live page', () => {
    const c = check(basePages(), withRedirects(['/contact-us', '/']))
    expect(c.messages).toEqual([
      `${where(c, 'site.yaml', '/contact-us', 'from: /contact-us')} redirects[0].from: /contact-us is the address of a live page (pages/contact-us.yaml): this redirect would hide it; remove the redirect, or remove or rename the page`,
    ])
  })

  it('the same address redirected twice', () => {
    const c = check(basePages(), withRedirects(['/contact', '/contact-us'], ['/contact', '/']))
    expect(c.messages).toEqual([
      `${where(c, 'site.yaml', '/contact', 'from: /contact', 2)} redirects[1].from: /contact is already redirected (${lineAt(c, 'site.yaml', 'from: /contact')}) to /contact-us, not /; remove one of the two entries`,
    ])
  })
})

describe('aliases in page meta', () => {
  it('an alias that is a live page, or declared twice, is an error with the fix', () => {
    const pages = basePages()
    pages['index.yaml'] = pages['index.yaml'].replace('meta:\n', 'meta:\n  aliases: [/contact-us, /home]\n')
    pages['services/event-security.yaml'] = pages['services/event-security.yaml'].replace(
      'meta:\n',
      'meta:\n  aliases: [/home]\n',
    )
    const c = check(pages)
    expect(c.messages).toEqual([
      expect.stringMatching(
        /^pages\/index\.yaml:\d+:\d+ meta\.aliases\[0\]: \/contact-us is the address of a live page \(pages\/contact-us\.yaml\); an alias cannot hide it: remove the alias$/,
      ),
      expect.stringMatching(
        /^pages\/services\/event-security\.yaml:\d+:\d+ meta\.aliases\[0\]: \/home is already an alias of pages\/index\.yaml; remove it from one of the two pages$/,
      ),
    ])
  })
})

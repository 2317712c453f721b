// Google's rules for localized versions: each version lists itself and every other version,
// the links are reciprocal and fully qualified, and x-default names the page for everyone else
// (the default language's). The head and the sitemap say the same, for every translated page.
import { beforeAll, describe, expect, it } from 'vitest'
import { pageHead } from '../../../src/app/head'
import type { PageData } from '../../../src/blocks/types'
import { sitemapXml } from '../../../src/build/steps/site-files'
import { browserSite } from '../../../src/content/browser-site'
import { loadContent } from '../../../src/engine/content-store'
import type { Content } from '../../../src/engine/load-content'
import { fixtureSite, validPage } from '../fixture-site'

type Alternates = Map<string, string> // hreflang -> href

let content: Content
let sitemap: Map<string, Alternates>
beforeAll(async () => {
  content = loadContent(process.cwd())
  sitemap = sitemapAlternates(await sitemapXml(content))
})

const origin = () => content.site!.seo.origin
const indexed = (p: PageData) => !p.meta.noindex && (!p.meta.canonical || p.meta.canonical === p.path)
const translated = () => content.pages.filter((p) => p.translations.length && indexed(p))

function headAlternates(page: PageData): Alternates {
  const locale = content.locales.find((l) => l.code === page.locale)!
  const site = browserSite(content.sites.get(page.locale)!, locale)
  const links = pageHead(page, site, content.locales).links.filter((l) => l.rel === 'alternate')
  return new Map(links.map((l) => [l.hrefLang, l.href]))
}

/** <loc> -> its xhtml:link alternates, read off the sitemap's XML. */
function sitemapAlternates(xml: string): Map<string, Alternates> {
  const out = new Map<string, Alternates>()
  for (const [, url] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]+)<\/loc>/.exec(url)![1]
    const links = [...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)]
    out.set(loc, new Map(links.map(([, lang, href]) => [lang, href])))
  }
  return out
}

const url = (path: string) => origin() + path

describe('hreflang alternates', () => {
  it('the site has translated pages to check (Spanish home, services, Miami, Florida, contact)', () => {
    const spanish = translated().filter((p) => p.locale === 'es')
    expect(spanish.map((p) => p.path)).toEqual(
      expect.arrayContaining(['/es', '/es/servicios', '/es/seguridad-privada-miami', '/es/contacto']),
    )
    expect(spanish.length).toBeGreaterThanOrEqual(12)
  })

  it('each set in the head lists the page itself, every version, and x-default: the default language', () => {
    for (const page of translated()) {
      const set = headAlternates(page)
      expect(set.get(page.locale), page.path).toBe(url(page.path))
      for (const t of page.translations) expect(set.get(t.locale), page.path).toBe(url(t.path))
      const versions = [{ locale: page.locale, path: page.path }, ...page.translations]
      const english = versions.find((v) => v.locale === content.locales[0].code)!
      expect(set.get('x-default'), page.path).toBe(url(english.path))
      expect(set.size, page.path).toBe(page.translations.length + 2)
      for (const href of set.values()) expect(href, page.path).toMatch(/^https:\/\/[^/]+\//)
    }
  })

  it('is reciprocal: every version it names names the same set', () => {
    const byPath = new Map(content.pages.map((p) => [p.path, p]))
    for (const page of translated()) {
      const set = headAlternates(page)
      for (const [lang, href] of set) {
        if (lang === 'x-default') continue
        const other = byPath.get(href.slice(origin().length) || '/')!
        expect(headAlternates(other), `${page.path} -> ${other.path}`).toEqual(set)
      }
    }
  })

  it('the sitemap lists the same set for every translated page, and none for the others', () => {
    for (const page of translated()) expect(sitemap.get(url(page.path)), page.path).toEqual(headAlternates(page))
    const alone = content.pages.filter((p) => !p.translations.length && indexed(p))
    expect(alone.length).toBeGreaterThan(0)
    for (const page of alone) expect(sitemap.get(url(page.path))?.size, page.path).toBe(0)
  })

  it('a page without translation, or not indexed, has no alternates (no made-up versions)', () => {
    // An article not translated yet (the Spanish list shows it in English).
    const article = content.pages.find((p) => p.path === '/insights/event-security-checklist')!
    expect(article.translations).toEqual([])
    expect(headAlternates(article).size).toBe(0)
    const thanks = content.pages.find((p) => p.path === '/es/contacto/gracias')!
    expect(thanks.translations).toEqual([{ locale: 'en', path: '/contact-us/thank-you' }])
    expect(headAlternates(thanks).size).toBe(0)
  })
})

describe('a pair is written once, in the translation', () => {
  it('meta.translationOf in pages/es/x.yaml pairs both pages, both ways', () => {
    const spanish = validPage('Una página de prueba en español').replace('meta:\n', 'meta:\n  translationOf: /x\n')
    const fixture = loadContent(fixtureSite({ 'x.yaml': validPage(), 'es/y.yaml': spanish }), { integrity: false })
    const [x, y] = ['/x', '/es/y'].map((path) => fixture.pages.find((p) => p.path === path)!)
    expect(x).toMatchObject({ locale: 'en', translations: [{ locale: 'es', path: '/es/y' }] })
    expect(y).toMatchObject({ locale: 'es', translations: [{ locale: 'en', path: '/x' }] })
    // The pair is data the browser needs (switcher, head), not meta to repeat.
    expect(y.meta).not.toHaveProperty('translationOf')
  })
})

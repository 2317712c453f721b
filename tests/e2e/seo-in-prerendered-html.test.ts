// What crawlers and link-preview bots see: the prerendered HTML of every page, no JavaScript.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../src/engine/content-store'
import { baseURL } from './browser'

const content = loadContent(process.cwd())
const site = content.site!
const origin = site.seo.origin
const get = (path: string) => fetch(baseURL() + path, { redirect: 'manual' })

type Node = Record<string, unknown> & { '@type': string }
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&amp;/g, '&')
const jsonLd = (html: string): Node[] => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  return match ? (JSON.parse(match[1]) as { '@graph': Node[] })['@graph'] : []
}
const pngSize = (buffer: Buffer) => ({
  png: buffer.subarray(1, 4).toString() === 'PNG',
  width: buffer.readUInt32BE(16),
  height: buffer.readUInt32BE(20),
})

describe.each(content.pages.map((p) => [p.path, p] as const))('%s', (path, page) => {
  const locale = content.locales.find((l) => l.code === page.locale)!
  const inLanguage = content.sites.get(page.locale)!

  it('has the full head: title, description, keywords, canonical, Open Graph, Twitter, robots, geo, hints', async () => {
    const html = await (await get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${page.locale}"`, 'i'))
    expect(head).toContain(`<title>${page.meta.title.replace(/&/g, '&amp;')}</title>`)
    expect(meta(head, 'description')).toBe(page.meta.description)
    if (page.meta.keywords?.length) expect(meta(head, 'keywords')).toBe(page.meta.keywords.join(', '))
    expect(head).toContain(`<link rel="canonical" href="${origin}${page.path}"/>`)
    expect(meta(head, 'og:title')).toBe(page.meta.ogTitle ?? page.meta.title)
    expect(meta(head, 'og:description')).toBe(page.meta.ogDescription ?? page.meta.description)
    expect(meta(head, 'og:type')).toBe(page.meta.article ? 'article' : 'website')
    expect(meta(head, 'og:site_name')).toBe(site.seo.siteName)
    expect(meta(head, 'og:locale')).toBe(locale.ogLocale)
    const alternates = [...head.matchAll(/<meta property="og:locale:alternate" content="([^"]*)"/g)].map((m) => m[1])
    expect(alternates).toEqual(page.translations.map((t) => content.locales.find((l) => l.code === t.locale)!.ogLocale))
    expect(meta(head, 'og:url')).toBe(`${origin}${page.path}`)
    expect(meta(head, 'twitter:card')).toBe('summary_large_image')
    expect(meta(head, 'twitter:site')).toBe(site.seo.twitterHandle)
    expect(meta(head, 'robots')).toBe(page.meta.noindex ? 'noindex, follow' : 'index, follow')
    expect(meta(head, 'geo.region')).toBe('US-FL')
    expect(meta(head, 'geo.placename')).toBe('Windermere, Florida')
    expect(head).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"')
    // Nothing else is fetched while the page loads (the likely next pages are fetched by the app,
    // once idle: likely-next-pages-load-after-the-page.test.ts).
    expect(head).not.toContain('rel="prefetch"')
    // hreflang: every version with its language, itself included, and x-default (the English one).
    const hreflang = [...head.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/gi)].map(
      (m) => `${m[1]} ${m[2]}`,
    )
    const indexed = !page.meta.noindex && page.translations.length
    const versions = [{ locale: page.locale, path: page.path }, ...page.translations].sort((a, b) =>
      a.locale.localeCompare(b.locale),
    )
    expect(hreflang).toEqual(
      indexed
        ? [
            ...versions.map((v) => `${v.locale} ${origin}${v.path}`),
            `x-default ${origin}${versions.find((v) => v.locale === 'en')!.path}`,
          ]
        : [],
    )
    // The sharing image: a 1200×630 PNG drawn from this page's title.
    const image = meta(head, 'og:image')!
    expect(image.startsWith(`${origin}/og/`)).toBe(true)
    const png = await get(image.slice(origin.length))
    expect(png.status).toBe(200)
    expect(pngSize(Buffer.from(await png.arrayBuffer()))).toEqual({ png: true, width: 1200, height: 630 })
  })

  it('has valid structured data for what it is', async () => {
    const graph = jsonLd(await (await get(path)).text())
    const byType = (type: string) => graph.filter((n) => n['@type'] === type)
    const business = byType('ProfessionalService')[0]
    expect(business).toMatchObject({
      name: site.company.name,
      description: inLanguage.company.description,
      contactPoint: {
        '@type': 'ContactPoint',
        telephone: site.company.phone.tel,
        availableLanguage: [
          { '@type': 'Language', name: 'English', alternateName: 'en' },
          { '@type': 'Language', name: 'Spanish', alternateName: 'es' },
        ],
      },
      telephone: site.company.phone.tel,
      foundingDate: String(site.company.foundingYear),
      priceRange: '$$$',
      address: { '@type': 'PostalAddress', addressLocality: 'Windermere', addressRegion: 'FL' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 5, reviewCount: 47 },
      openingHoursSpecification: {
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: '00:00',
        closes: '23:59',
      },
      hasCredential: { name: expect.stringContaining('B 3200642') },
    })
    expect(byType('WebSite')[0]).toMatchObject({
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${origin}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    })
    expect(byType('WebSite')[0]).toMatchObject({ inLanguage: ['en', 'es'] })
    expect(byType('WebPage')[0]).toMatchObject({
      url: `${origin}${page.path}`,
      name: page.meta.title,
      inLanguage: page.locale,
    })
    expect(byType('Service')).toHaveLength(inLanguage.services.some((s) => s.href === page.path) ? 1 : 0)
    const faqs = page.blocks.flatMap((b) => (b.type === 'faq' ? b.items : []))
    expect(byType('FAQPage')).toHaveLength(faqs.length ? 1 : 0)
    if (faqs.length) expect((byType('FAQPage')[0].mainEntity as unknown[]).length).toBe(faqs.length)
    expect(byType('BreadcrumbList')).toHaveLength(page.breadcrumbs.length ? 1 : 0)
    expect(byType('BlogPosting')).toHaveLength(page.meta.article ? 1 : 0)
    if (page.meta.article)
      expect(byType('BlogPosting')[0]).toMatchObject({
        datePublished: page.meta.article.date,
        headline: expect.any(String),
      })
    // Every node has a schema.org type and every reference points at a node of this graph.
    const ids = new Set(graph.map((n) => n['@id']))
    for (const node of graph) {
      expect(node['@type']).toMatch(/^[A-Z][A-Za-z]+$/)
      for (const value of Object.values(node)) {
        const ref = (value as { '@id'?: string } | null)?.['@id']
        if (ref && Object.keys(value as object).length === 1) expect(ids.has(ref), ref).toBe(true)
      }
    }
  })
})

describe('site files', () => {
  it('the 404 page is noindex, in the language of the address asked for', async () => {
    const english = await get('/no-such-page')
    const spanish = await get('/es/no-existe')
    expect([english.status, spanish.status]).toEqual([404, 404])
    const [en, es] = [await english.text(), await spanish.text()]
    expect(en).toMatch(/<meta name="robots" content="noindex"/)
    expect(es).toMatch(/<meta name="robots" content="noindex"/)
    expect(en).toMatch(/^<!doctype html>\s*<html lang="en"/i)
    expect(es).toMatch(/^<!doctype html>\s*<html lang="es"/i)
    expect(es).toContain(`<title>${site.locales.es.notFound!.title}</title>`)
    expect(readFileSync('dist/_redirects', 'utf8')).toContain('/es/* /es/404.html 404')
  })

  it('sitemap.xml lists each translated page with its versions (xhtml:link, x-default: English)', async () => {
    const xml = await (await get('/sitemap.xml')).text()
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    const miami = /<url><loc>[^<]*\/es\/seguridad-privada-miami<\/loc>[\s\S]*?<\/url>/.exec(xml)![0]
    expect([...miami.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
      `en ${origin}/miami-security-services`,
      `es ${origin}/es/seguridad-privada-miami`,
      `x-default ${origin}/miami-security-services`,
    ])
    const robots = await (await get('/robots.txt')).text()
    expect(robots).toContain('Disallow: /search\n')
    expect(robots).toContain('Disallow: /es/buscar\n')
  })

  it('sitemap.xml lists the canonical pages only; robots.txt points to it', async () => {
    const xml = await (await get('/sitemap.xml')).text()
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(origin.length) || '/')
    const expected = content.pages.filter((p) => !p.meta.noindex).map((p) => p.path)
    expect(listed.sort()).toEqual(expected.sort())
    expect(listed).not.toContain('/search')
    expect(listed).not.toContain('/offline')
    for (const r of site.redirects) expect(listed).not.toContain(r.from)
    const robots = await (await get('/robots.txt')).text()
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`)
  })

  it('the server sends the security headers, compresses, and caches hashed assets for a year', async () => {
    const response = await fetch(`${baseURL()}/`, { headers: { 'Accept-Encoding': 'br, gzip' } })
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    // Other origins get the origin only, never the page's path (a lead's page travels in the form instead).
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    // No page may use the camera, microphone, location, payments or USB devices, nor join an interest cohort.
    const denied = (response.headers.get('permissions-policy') ?? '').split(/,\s*/).sort()
    expect(denied).toEqual(
      ['camera=()', 'geolocation=()', 'interest-cohort=()', 'microphone=()', 'payment=()', 'usb=()'].sort(),
    )
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const script = /data-entry="(\/assets\/[^"]+\.js)"/.exec(await response.text())![1]
    const asset = await fetch(baseURL() + script, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-encoding')).toBe('gzip')
  })

  it('the one inline script is the boot script, allowed by its hash by the server and in _headers alike', async () => {
    const { createHash } = await import('node:crypto')
    const response = await fetch(`${baseURL()}/careers`)
    const html = await response.text()
    const scriptSrc = /script-src ([^;]+)/.exec(response.headers.get('content-security-policy')!)![1]
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes, code]) => code && !/type="application\/(?:ld\+)?json"/.test(attributes),
    )
    expect(inline).toHaveLength(1)
    expect(inline[0][1]).toContain('data-entry=')
    const hash = `'sha256-${createHash('sha256').update(inline[0][2]).digest('base64')}'`
    expect(scriptSrc.split(' ')).toEqual(["'self'", hash])
    expect(readFileSync('dist/_headers', 'utf8')).toContain(`script-src 'self' ${hash};`)
  })

  it('dist has _headers and _redirects for static hosts', async () => {
    expect(readFileSync('dist/_headers', 'utf8')).toContain('Content-Security-Policy:')
    // Hosts serve the site at its https origin (site.yaml), so there the policy asks for upgrades.
    expect(readFileSync('dist/_headers', 'utf8')).toMatch(/Content-Security-Policy: .*; upgrade-insecure-requests\n/)
    expect(readFileSync('dist/_redirects', 'utf8')).toContain('/about /about-us 301')
  })
})

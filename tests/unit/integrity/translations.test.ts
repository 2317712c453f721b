// 8 and 9. Translations and languages: each rule fails on a small site with the problem at
// file:line:col and the fix; a clean bilingual site passes.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { acceptTranslation } from '../../../src/engine/accept-translation'
import { loadContent } from '../../../src/engine/content-store'
import { contentHash } from '../../../src/engine/translations'
import { parseYamlSource } from '../../../src/engine/yaml-source'
import { fixtureSite } from '../fixture-site'
import { basePages, baseSite, check, page, where } from './integrity-fixture'

/** What the tests change of the Spanish words. */
type SpanishWords = {
  texts: { header: Record<string, string> }
  claims: Record<string, string>
  footer?: unknown
  nav: { cta: { href: string } }
  company: { credentials: Record<string, { name: string }> }
}

const realSpanish = (): Record<string, unknown> & { locales: { es: SpanishWords } } => {
  const real = baseSite()
  // The real site.yaml's Spanish words, its menus cut to the fixture's two Spanish pages.
  const es = (loadContent(process.cwd(), { integrity: false }).site!.locales as Record<string, object>).es as Record<
    string,
    unknown
  >
  const contact = { title: 'Contacto', url: '/es/contacto', description: 'Hable con nosotros.', icon: 'phone' }
  const site = {
    ...real,
    locales: {
      ...(real.locales as object),
      es: {
        ...es,
        services: {},
        relatedLinks: { services: [contact] },
        nav: {
          links: [
            { label: 'Inicio', href: '/es' },
            { label: 'Contacto', href: '/es/contacto' },
          ],
          services: { label: 'Servicios', href: '/es' },
          cta: { label: 'Solicitar protección', href: '/es/contacto' },
        },
        footer: {
          columns: [{ heading: 'Empresa', links: [{ label: 'Contacto', href: '/es/contacto' }] }],
          credentials: [],
        },
      },
    },
  }
  return site as unknown as Record<string, unknown> & { locales: { es: SpanishWords } }
}

const spanishHome = (meta = 'translationOf: /\n', link = '/es/contacto') =>
  page({
    title: 'Protección ejecutiva en Florida central',
    description:
      'Protección ejecutiva, seguridad para eventos y residencias con licencia en el centro de Florida, de día y de noche.',
    meta: meta
      .split('\n')
      .filter(Boolean)
      .map((l) => `  ${l}\n`)
      .join(''),
    blocks: `  - type: hero
    heading: Protección ejecutiva en Florida central
  - type: cta
    heading: Hable con nosotros
    actions:
      - label: Contacto
        href: ${link}
`,
  })

const spanishContact = (meta = 'translationOf: /contact-us\n') =>
  page({
    title: 'Contacte a nuestro equipo en confianza',
    description:
      'Llame, escriba o solicite una consulta confidencial con nuestro equipo de protección con licencia; respondemos en un día.',
    meta: meta
      .split('\n')
      .filter(Boolean)
      .map((l) => `  ${l}\n`)
      .join(''),
  }).replace('href: /contact-us', 'href: /es')

/** The fixture's pages in English and Spanish, each translation recording its source's version. */
function bilingual(overrides: Record<string, string> = {}): Record<string, string> {
  const english = basePages()
  const hash = (file: string) => contentHash(parseYamlSource(file, english[file]))
  return {
    ...english,
    'es/index.yaml': spanishHome(`translationOf: /\nsourceHash: "${hash('index.yaml')}"\n`),
    'es/contacto.yaml': spanishContact(`translationOf: /contact-us\nsourceHash: "${hash('contact-us.yaml')}"\n`),
    ...overrides,
  }
}

describe('8. translations', () => {
  it('a clean bilingual site passes', () => {
    expect(check(bilingual(), realSpanish()).messages).toEqual([])
  })

  it('a translationOf that points nowhere, suggesting the nearest address', () => {
    const c = check(bilingual({ 'es/contacto.yaml': spanishContact('translationOf: /contact\n') }), realSpanish())
    expect(c.messages).toContain(
      `${where(c, 'pages/es/contacto.yaml', '/contact', 'translationOf')} meta.translationOf: /contact is a redirect to /contact-us: name the page itself, translationOf: /contact-us`,
    )
    const d = check(bilingual({ 'es/contacto.yaml': spanishContact('translationOf: /contacts-us\n') }), realSpanish())
    expect(d.messages).toContain(
      `${where(d, 'pages/es/contacto.yaml', '/contacts-us')} meta.translationOf: no page has the address /contacts-us, so this translation is of nothing; did you mean /contact-us?`,
    )
  })

  it('two pages that claim the same source: reported on the second, naming the first', () => {
    const c = check(bilingual({ 'es/contacto.yaml': spanishContact('translationOf: /\n') }), realSpanish())
    expect(c.messages).toContain(
      `${where(c, 'pages/es/index.yaml', '/', 'translationOf')} meta.translationOf: pages/es/contacto.yaml (pages/es/contacto.yaml:4) already translates / into Español: a page has one translation per language; point one of the two at the page it really translates, or remove it`,
    )
  })

  it('a page in the default language names no translationOf', () => {
    const pages = bilingual()
    pages['contact-us.yaml'] = pages['contact-us.yaml'].replace('meta:\n', 'meta:\n  translationOf: /\n')
    const c = check(pages, realSpanish())
    expect(c.messages).toContain(
      `${where(c, 'pages/contact-us.yaml', '/', 'translationOf')} meta.translationOf: this page is in English, the default language, so it translates nothing: a translation lives under pages/<language code>/ (e.g. pages/es/) and names the page it translates; remove this line`,
    )
  })

  it('a Spanish page linking to an English page that has a Spanish version: link the Spanish one', () => {
    const c = check(
      bilingual({ 'es/index.yaml': spanishHome('translationOf: /\n', '/contact-us#form') }),
      realSpanish(),
    )
    expect(c.messages).toContain(
      `${where(c, 'pages/es/index.yaml', '/contact-us#form')} blocks[1].actions[0].href: links to /contact-us, in English, from a page in Español, whose own version is /es/contacto: link /es/contacto#form instead`,
    )
    // An English page with no Spanish version may be linked from a Spanish page.
    const d = check(
      bilingual({ 'es/index.yaml': spanishHome('translationOf: /\n', '/services/event-security') }),
      realSpanish(),
    )
    expect(d.messages.filter((m) => m.includes('whose own version'))).toEqual([])
  })

  it('a Spanish menu in site.yaml linking an English page that has a Spanish version', () => {
    const site = realSpanish()
    site.locales.es.nav.cta.href = '/contact-us'
    const c = check(bilingual(), site)
    // The Spanish button's href is on the line after its label.
    const lines = c.files['site.yaml'].split('\n')
    const line = lines.findIndex((l) => l.includes('label: Solicitar protección')) + 2
    expect(c.messages).toContain(
      `site.yaml:${line}:${lines[line - 1].indexOf('/contact-us') + 1} locales.es.nav.cta.href: links to /contact-us, in English, from a menu in Español, whose own version is /es/contacto: link /es/contacto instead`,
    )
  })

  it('a translation whose source changed is a warning naming both files, until --accept-translation', () => {
    const pages = bilingual({
      'es/contacto.yaml': spanishContact('translationOf: /contact-us\nsourceHash: "000000000000"\n'),
    })
    const c = check(pages, realSpanish())
    const now = contentHash(parseYamlSource('pages/contact-us.yaml', pages['contact-us.yaml']))
    expect(c.messages).toContain(
      `${where(c, 'pages/es/contacto.yaml', '"000000000000"')} meta.sourceHash: pages/contact-us.yaml changed after this translation was made (version 000000000000, now ${now}): bring pages/es/contacto.yaml up to date with it, then run npm run check -- --accept-translation pages/es/contacto.yaml`,
    )
    expect(c.problems.find((p) => p.path === 'meta.sourceHash')?.severity).toBe('warning')

    // Accepting records the current version in place, leaving the rest of the file as it was.
    const root = fixtureSite(pages, stringify(realSpanish(), { lineWidth: 0 }))
    const before = readFileSync(join(root, 'pages/es/contacto.yaml'), 'utf8')
    expect(acceptTranslation(root, 'pages/es/contacto.yaml')).toContain(`sourceHash: ${now}`)
    const after = readFileSync(join(root, 'pages/es/contacto.yaml'), 'utf8')
    expect(after).toBe(before.replace('"000000000000"', `"${now}"`))
    expect(loadContent(root).problems.filter((p) => p.path === 'meta.sourceHash')).toEqual([])
  })

  it('a translation that records no version yet is a warning with the command to run', () => {
    const c = check(bilingual({ 'es/contacto.yaml': spanishContact() }), realSpanish())
    expect(c.messages).toContain(
      `${where(c, 'pages/es/contacto.yaml', '/contact-us', 'translationOf')} meta.translationOf: no version of pages/contact-us.yaml is recorded for this translation, so a later change there cannot be flagged: once this page is up to date with it, run npm run check -- --accept-translation pages/es/contacto.yaml`,
    )
  })

  it('--accept-translation adds the line after translationOf when there is none', () => {
    const root = fixtureSite(
      bilingual({ 'es/contacto.yaml': spanishContact() }),
      stringify(realSpanish(), { lineWidth: 0 }),
    )
    acceptTranslation(root, 'pages/es/contacto.yaml')
    const text = readFileSync(join(root, 'pages/es/contacto.yaml'), 'utf8')
    expect(text).toMatch(/^ {2}translationOf: \/contact-us\n {2}sourceHash: "[0-9a-f]{12}"\n/m)
  })
})

describe('9. languages', () => {
  it("a language whose texts miss a key: at the texts' parent, with the English text to translate", () => {
    const site = realSpanish()
    const texts = site.locales.es.texts
    delete texts.header.openMenu
    const c = check(bilingual(), site)
    const text = stringify(site, { lineWidth: 0 })
    const line =
      text
        .split('\n')
        .findIndex((l, i) => l.trim() === 'header:' && i > text.split('\n').findIndex((x) => x.trim() === 'es:')) + 1
    expect(c.messages).toContain(
      `site.yaml:${line}:7 locales.es.texts.header: the es texts are missing \`texts.header.openMenu\`; add \`openMenu:\` here, translating "Open menu"`,
    )
  })

  it('a language without a translated footer', () => {
    const site = realSpanish()
    delete site.locales.es.footer
    const c = check(bilingual(), site)
    expect(c.messages).toContain(
      `${where(c, 'site.yaml', 'es:', '  es:')} locales.es: Español has no \`footer:\`, so its pages would show the English one: add \`footer:\` under locales.es, translating site.yaml's \`footer:\` and linking the Español pages`,
    )
  })

  it('a language names every credential the footer lists, and only credentials the site declares', () => {
    const site = realSpanish()
    const { credentials } = site.locales.es.company
    const [listed] = Object.keys(credentials)
    delete credentials[listed]
    credentials.unknown = { name: 'Desconocida' }
    const c = check(bilingual(), site)
    const english = (site.company as { credentials: Record<string, { name: string }> }).credentials[listed].name
    expect(c.messages).toContain(
      `${where(c, 'site.yaml', 'company:', '    company:')} locales.es.company: Español has no name for the credential ${listed} (a footer line): add \`credentials: ${listed}: { name: … }\` under locales.es.company, translating "${english}"`,
    )
    expect(c.messages).toContain(
      `${where(c, 'site.yaml', 'unknown:')} locales.es.company.credentials.unknown: no credential unknown in company.credentials; the credentials are ${Object.keys((site.company as { credentials: object }).credentials).join(', ')}`,
    )
  })

  it('a language translates only the sets of related links the site declares', () => {
    const site = realSpanish()
    ;(site.locales.es as Record<string, unknown>).relatedLinks = {
      servicios: [{ title: 'Contacto', url: '/es/contacto', description: 'Hable con nosotros.', icon: 'phone' }],
    }
    const c = check(bilingual(), site)
    expect(c.messages).toContain(
      `${where(c, 'site.yaml', 'servicios:', '    servicios:')} locales.es.relatedLinks.servicios: no set of related links is named "servicios" in \`relatedLinks:\`, so no page shows this one: use one of services, events, or declare the set there first`,
    )
  })

  it('a worded figure whose figures differ from the fact', () => {
    const site = realSpanish()
    site.locales.es.claims.replyWithin = '48 horas'
    const c = check(bilingual(), site)
    expect(c.messages).toContain(
      `${where(c, 'site.yaml', '48 horas', 'replyWithin: 48 horas')} locales.es.claims.replyWithin: the figures differ from claims.replyWithin ("24 hours"): a fact is the same in every language, so write 24 here`,
    )
  })

  it('a Spanish page using a figure with words that Spanish does not word yet', () => {
    const site = realSpanish()
    delete site.locales.es.claims.replyWithin
    const pages = bilingual({
      'es/contacto.yaml': spanishContact().replace('heading: Hable', 'heading: Respondemos en {{claims.replyWithin}}'),
    })
    pages['es/contacto.yaml'] = pages['es/contacto.yaml'].replace(
      '    heading: Talk to us',
      '    heading: "Respondemos en {{claims.replyWithin}}"',
    )
    const c = check(pages, site)
    expect(c.messages).toContain(
      `${where(c, 'pages/es/contacto.yaml', '"Respondemos')} blocks[1].heading: {{claims.replyWithin}} reads "24 hours", in English: word it in Español in site.yaml, under \`locales: es: claims: replyWithin:\` (the same figures), and this page shows it in its language`,
    )
  })

  it('one city per language: a Spanish page may declare the city the English page declares', () => {
    const pages = bilingual()
    pages['contact-us.yaml'] = pages['contact-us.yaml'].replace('meta:\n', 'meta:\n  city: Naples\n')
    pages['es/contacto.yaml'] = pages['es/contacto.yaml'].replace('meta:\n', 'meta:\n  city: Naples\n')
    expect(check(pages, realSpanish()).messages.filter((m) => m.includes('city'))).toEqual([])
  })
})

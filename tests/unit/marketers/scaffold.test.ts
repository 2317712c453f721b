// npm run new: a complete, valid page from a template, the list of places (site.yaml's
// places.listedOn) and the service catalogue kept in step, and nothing written when the result
// would fail the check. The kinds and their wording are this site's (templates/new-pages.yaml).
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { pageMetaSchema } from '../../../src/content/page-meta-schema'
import { loadContent } from '../../../src/engine/content-store'
import { slugOf } from '../../../src/engine/new-pages'
import { formatProblems } from '../../../src/engine/problems'
import { ScaffoldError, scaffoldPage } from '../../../src/engine/scaffold'
import { scratchFolder } from '../scratch'

/** A copy of the real site's content (site.yaml, pages/, public/, templates/) to scaffold into. */
function copySite(): string {
  const root = scratchFolder('scaffold-')
  for (const entry of ['site.yaml', 'pages', 'public', 'templates'])
    cpSync(entry, join(root, entry), { recursive: true })
  return root
}
/** The page site.yaml's places.listedOn names: its city list names every place. */
const PLACES_PAGE = 'pages/florida-security-services.yaml'
const read = (root: string, file: string) => readFileSync(join(root, file), 'utf8')
const errorsOf = (root: string) => loadContent(root).problems.filter((p) => p.severity === 'error')

let root: string
beforeEach(() => {
  root = copySite()
})

describe('npm run new -- city', () => {
  it('writes a valid city page that the list of places links to (already listed: that page untouched)', () => {
    const florida = read(root, PLACES_PAGE)
    const result = scaffoldPage({ root, kind: 'city', name: 'Naples' })
    expect(result.file).toBe('pages/naples-security-services.yaml')
    expect(result.notes.join('\n')).toContain(`${PLACES_PAGE} already lists "Naples"`)
    expect(read(root, PLACES_PAGE)).toBe(florida)
    const errors = errorsOf(root)
    expect(errors, formatProblems(errors)).toEqual([])
    const content = loadContent(root)
    const page = content.pages.find((p) => p.path === '/naples-security-services')!
    expect(page.meta).toMatchObject({ city: 'Naples', breadcrumb: 'Naples' })
    expect(page.breadcrumbs.at(-1)).toEqual({ label: 'Naples', href: '/naples-security-services' })
    const cityList = content.pages
      .find((p) => p.path === '/florida-security-services')!
      .blocks.find((b) => b.type === 'city-list')
    expect(cityList?.type === 'city-list' && cityList.links?.Naples).toBe('/naples-security-services')
    // Site facts stay placeholders in the file and are filled in the page.
    expect(result.text).toContain('"tel:{{company.phone.tel}}"')
    expect(JSON.stringify(page)).toContain('tel:+14075550142')
    // Aliases become redirects once the engine knows meta.aliases; until then they stay a comment.
    if ('aliases' in pageMetaSchema.properties) {
      expect(result.text).toMatch(/^ {2}aliases:\n {4}- \/naples-security$/m)
      expect(content.redirects).toContainEqual({ from: '/naples-security', to: '/naples-security-services' })
    } else {
      expect(result.text).toMatch(/^ {2}# aliases:\n {2}# {3}- \/naples-security$/m)
    }
  })

  it('adds a missing city to the list of places as one line, keeping the rest of the file byte for byte', () => {
    const before = read(root, PLACES_PAGE).split('\n')
    const result = scaffoldPage({ root, kind: 'city', name: 'Vero Beach', region: 'Treasure Coast' })
    const after = read(root, PLACES_PAGE).split('\n')
    const at = after.indexOf('      - Vero Beach')
    expect(at).toBeGreaterThan(0)
    expect([...after.slice(0, at), ...after.slice(at + 1)]).toEqual(before)
    expect(after[at - 1]).toBe('      - Key West')
    expect(result.notes.join('\n')).toContain(`Added "Vero Beach" to the city list of ${PLACES_PAGE} (line ${at + 1})`)
    expect(result.text).toContain('eyebrow: Vero Beach · Treasure Coast')
    const errors = errorsOf(root)
    expect(errors, formatProblems(errors)).toEqual([])
  })

  it('writes nothing when the page would fail the check (here: nothing would link to it)', () => {
    const florida = read(root, PLACES_PAGE)
    expect(() => scaffoldPage({ root, kind: 'city', name: 'Vero Beach', listPlace: false })).toThrow(
      /nothing was written[\s\S]*no link leads to this page/,
    )
    expect(existsSync(join(root, 'pages/vero-beach-security-services.yaml'))).toBe(false)
    expect(read(root, PLACES_PAGE)).toBe(florida)
  })

  it('refuses an existing page, a city another page declares, and unsafe names', () => {
    expect(() => scaffoldPage({ root, kind: 'city', name: 'Orlando' })).toThrow(/already exists: edit it instead/)
    expect(() => scaffoldPage({ root, kind: 'city', name: 'Naples: Beach' })).toThrow(ScaffoldError)
    expect(() => scaffoldPage({ root, kind: 'city', name: '  ' })).toThrow(/give the city's name/)
  })

  it('prints what to edit next', () => {
    const { notes } = scaffoldPage({ root, kind: 'city', name: 'Naples' })
    const text = notes.join('\n')
    expect(text).toContain('rewrite the lines marked EDIT so they are about Naples')
    expect(text).toContain('npm run dev, then open http://localhost:5173/naples-security-services')
    if (!('aliases' in pageMetaSchema.properties))
      expect(text).toContain('- { from: /naples-security, to: /naples-security-services }')
  })
})

describe('npm run new -- city "Naples" --locale es --translation-of /naples-security-services', () => {
  const SPANISH_FLORIDA = 'pages/es/seguridad-privada-florida.yaml'

  it("writes a Spanish page translating the English one, linked from the city list of the places page's translation", () => {
    scaffoldPage({ root, kind: 'city', name: 'Naples' })
    const result = scaffoldPage({
      root,
      kind: 'city',
      name: 'Naples',
      locale: 'es',
      translationOf: '/naples-security-services',
    })
    expect(result.file).toBe('pages/es/seguridad-privada-naples.yaml')
    expect(result.text).toMatch(/^ {2}translationOf: \/naples-security-services$/m)
    expect(result.notes.join('\n')).toContain(
      'npm run check -- --accept-translation pages/es/seguridad-privada-naples.yaml',
    )
    const errors = errorsOf(root)
    expect(errors, formatProblems(errors)).toEqual([])
    const content = loadContent(root)
    const spanish = content.pages.find((p) => p.path === '/es/seguridad-privada-naples')!
    expect(spanish).toMatchObject({ locale: 'es', translations: [{ locale: 'en', path: '/naples-security-services' }] })
    expect(spanish.breadcrumbs[0]).toEqual({ label: 'Inicio', href: '/es' })
    // Spanish figures: "24 horas", not "24 hours".
    expect(JSON.stringify(spanish.blocks)).toContain('menos de 24 horas')
    const cityList = content.pages
      .find((p) => p.path === '/es/seguridad-privada-florida')!
      .blocks.find((b) => b.type === 'city-list')
    expect(cityList?.type === 'city-list' && cityList.links?.Naples).toBe('/es/seguridad-privada-naples')
    expect(read(root, SPANISH_FLORIDA)).toContain('      - Naples')
  })

  it('refuses a language site.yaml does not have, a missing source page, and a second translation', () => {
    expect(() =>
      scaffoldPage({ root, kind: 'city', name: 'Naples', locale: 'fr', translationOf: '/naples-security-services' }),
    ).toThrow(/--locale fr is not one of site.yaml's other languages \(es\)/)
    expect(() => scaffoldPage({ root, kind: 'city', name: 'Naples', locale: 'es' })).toThrow(
      /add --translation-of with its address, e.g. \/naples-security-services/,
    )
    expect(() =>
      scaffoldPage({ root, kind: 'city', name: 'Naples', locale: 'es', translationOf: '/naples-security-services' }),
    ).toThrow(/no English page has that address; create it first/)
    expect(() =>
      scaffoldPage({ root, kind: 'city', name: 'Miami', locale: 'es', translationOf: '/miami-security-services' }),
    ).toThrow(/\/es\/seguridad-privada-miami already translates \/miami-security-services into Español/)
  })
})

describe("the kinds of page are the site's (templates/new-pages.yaml)", () => {
  it('a kind the site declares, in its own words and folder, is made like any other', () => {
    const kinds = read(root, 'templates/new-pages.yaml').replace(
      /^kinds:\n/m,
      `kinds:
  office:
    label: an office page
    example: Springfield
    place: true
    locales:
      en:
        file: pages/offices/{slug}.yaml
        titles: ["Our Office in {name}: Visits and Hours"]
        descriptions: ["Where to find our office in {name}, when it is open and how to book a visit with the team there."]
`,
    )
    writeFileSync(join(root, 'templates/new-pages.yaml'), kinds)
    cpSync(join(root, 'templates/pages/city.yaml'), join(root, 'templates/pages/office.yaml'))
    const result = scaffoldPage({ root, kind: 'office', name: 'Vero Beach' })
    expect(result.file).toBe('pages/offices/vero-beach.yaml')
    expect(result.text).toContain('title: "Our Office in Vero Beach: Visits and Hours"')
    expect(result.written).toEqual(['pages/offices/vero-beach.yaml', PLACES_PAGE])
    expect(read(root, PLACES_PAGE)).toContain('      - Vero Beach')
    const errors = errorsOf(root)
    expect(errors, formatProblems(errors)).toEqual([])
    expect(() => scaffoldPage({ root, kind: 'shop', name: 'Springfield' })).toThrow(
      /unknown kind "shop": use one of office, city, service, article/,
    )
    expect(() => scaffoldPage({ root, kind: 'office', name: ' ' })).toThrow(
      /give the office's name in quotes, e.g. npm run new -- office "Springfield"/,
    )
  })
})

describe('npm run new -- service and article', () => {
  it('a service page, added to the service catalogue in site.yaml', () => {
    const site = read(root, 'site.yaml')
    const result = scaffoldPage({ root, kind: 'service', name: 'K9 Security' })
    expect(result.file).toBe('pages/services/k9-security.yaml')
    const added = read(root, 'site.yaml')
      .split('\n')
      .filter((l) => !site.split('\n').includes(l))
    expect(added).toEqual([
      '  - title: K9 Security',
      '    href: /services/k9-security',
      '    icon: shield # EDIT · see docs/blocks.md#icons',
      '    summary: K9 Security from licensed, veteran-led teams, planned around a written threat assessment. # EDIT',
    ])
    const errors = errorsOf(root)
    expect(errors, formatProblems(errors)).toEqual([])
    expect(loadContent(root).site?.services.at(-1)?.href).toBe('/services/k9-security')
  })

  it('an article, listed on /insights, with a placeholder picture', () => {
    const result = scaffoldPage({
      root,
      kind: 'article',
      name: 'Hurricane Season Security',
      category: 'Residential',
      date: '2025-06-01',
    })
    expect(result.file).toBe('pages/insights/hurricane-season-security.yaml')
    expect(existsSync(join(root, 'public/images/insights/hurricane-season-security.svg'))).toBe(true)
    const errors = errorsOf(root)
    expect(errors, formatProblems(errors)).toEqual([])
    const insights = loadContent(root)
      .pages.find((p) => p.path === '/insights')!
      .blocks.find((b) => b.type === 'insights-list')
    expect(insights?.type === 'insights-list' && insights.posts?.map((p) => p.href)).toContain(
      '/insights/hurricane-season-security',
    )
    expect(() => scaffoldPage({ root, kind: 'article', name: 'Another One Here', category: 'Gardening' })).toThrow(
      /not one of the \/insights categories/,
    )
  })

  it('a dry run writes nothing', () => {
    const result = scaffoldPage({ root, kind: 'service', name: 'K9 Security', dryRun: true })
    expect(result.text).toContain('heading: K9 Security')
    expect(existsSync(join(root, result.file))).toBe(false)
  })

  it('addresses from names', () => {
    expect(slugOf('St. Petersburg')).toBe('st-petersburg')
    expect(slugOf('Coral Gables & Pinecrest')).toBe('coral-gables-and-pinecrest')
    expect(slugOf('Doral')).toBe('doral')
  })
})

// A site declares its credentials (licences, certifications, memberships) in site.yaml's
// `company.credentials`, under keys of its own choosing: the footer lists those with
// `footer: true`, in each language's words, and search engines get those with
// `structuredData: true`, name and number. The engine knows no credential by name.
import { describe, expect, it } from 'vitest'
import { browserSite } from '../../../src/content/browser-site'
import { siteLocales } from '../../../src/content/locales'
import type { SiteConfig } from '../../../src/content/types'
import { loadContent } from '../../../src/engine/content-store'
import { localizeSite } from '../../../src/engine/locales'
import { structuredData } from '../../../src/engine/structured-data'

const content = loadContent(process.cwd(), { integrity: false })
const site = content.site!
const home = content.pages.find((p) => p.path === '/')!

const withCredentials = (credentials: SiteConfig['company']['credentials']): SiteConfig => ({
  ...site,
  company: { ...site.company, credentials },
})
const business = (s: SiteConfig) =>
  (structuredData(home, s)['@graph'] as readonly Record<string, unknown>[]).find(
    (n) => n['@type'] === 'ProfessionalService',
  )!

describe('credentials', () => {
  it('search engines get each credential marked structuredData: its name and number, and its category', () => {
    const one = withCredentials({
      trade: { name: 'State Trade Licence', number: 'TL 1', category: 'license', structuredData: true, footer: false },
      member: { name: 'Guild Member', structuredData: false, footer: true },
    })
    expect(business(one).hasCredential).toEqual({
      '@type': 'EducationalOccupationalCredential',
      credentialCategory: 'license',
      name: 'State Trade Licence TL 1',
    })
    const two = withCredentials({
      trade: { name: 'State Trade Licence', number: 'TL 1', structuredData: true, footer: false },
      member: { name: 'Guild Member', structuredData: true, footer: false },
    })
    expect(business(two).hasCredential).toEqual([
      { '@type': 'EducationalOccupationalCredential', name: 'State Trade Licence TL 1' },
      { '@type': 'EducationalOccupationalCredential', name: 'Guild Member' },
    ])
    expect(business(withCredentials({})).hasCredential).toBeUndefined()
  })

  it('the footer lists the credentials marked footer, in order, named in the page language', () => {
    const declared = withCredentials({
      b: { name: 'Second', footer: true, structuredData: false },
      hidden: { name: 'Not listed', number: '7', footer: false, structuredData: true },
      a: { name: 'Third', footer: true, structuredData: false },
    })
    const [english, other] = siteLocales(site)
    expect(browserSite(declared, english).company.credentials).toEqual(['Second', 'Third'])
    const translated = {
      ...declared,
      locales: {
        ...declared.locales,
        [other.code]: { ...declared.locales[other.code], company: { credentials: { a: { name: 'Tercero' } } } },
      },
    } as SiteConfig
    const localized = localizeSite(translated, other, (address) => address)
    expect(browserSite(localized, other).company.credentials).toEqual(['Second', 'Tercero'])
  })
})

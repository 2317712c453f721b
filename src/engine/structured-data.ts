// The page's JSON-LD, typed with schema-dts so every type and property is checked against
// the schema.org vocabulary at compile time. All facts come from site.yaml and the page; each
// block adds its own nodes (its definition's `structuredData`). Written into the prerendered
// HTML at build time, so none of this ships to the browser.
import type {
  BreadcrumbList,
  Graph,
  ProfessionalService,
  SearchAction,
  Service,
  Thing,
  WebPage,
  WebSite,
} from 'schema-dts'
import type { PageData } from '../blocks/types'
import { canonicalUrl } from '../content/addresses'
import { siteLocales } from '../content/locales'
import type { SiteConfig } from '../content/types'
import { definitionOf } from './blocks'

// schema.org's SearchAction takes the non-standard `query-input` that search engines read.
type SearchActionWithInput = SearchAction & { 'query-input': string }

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

/** `site`: site.yaml in the page's language (content.sites), so the business is described in it. */
export function structuredData(page: PageData, site: SiteConfig): Graph {
  const { company, seo } = site
  // The languages the business answers in are the site's: its contact point says so.
  const languages = siteLocales(site).map((l) => l.code)
  const languageNames = new Intl.DisplayNames(['en'], { type: 'language' })
  const origin = seo.origin
  const ids = { business: `${origin}/#business`, website: `${origin}/#website` }
  const url = canonicalUrl(site, page.meta.canonical ?? page.path)
  const pageId = `${url}#webpage`

  const business: ProfessionalService = {
    '@type': 'ProfessionalService',
    '@id': ids.business,
    name: company.name,
    legalName: company.legalName,
    description: company.description,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}${seo.defaultImage}`,
    telephone: company.phone.tel,
    email: company.email,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: company.phone.tel,
      email: company.email,
      areaServed: 'US',
      availableLanguage: languages.map((code) => ({
        '@type': 'Language',
        name: languageNames.of(code) ?? code,
        alternateName: code,
      })),
    },
    foundingDate: String(company.foundingYear),
    priceRange: company.priceRange,
    numberOfEmployees: { '@type': 'QuantitativeValue', value: company.employees },
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: company.address.latitude, longitude: company.address.longitude },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: [...WEEK],
      opens: company.hours.opens,
      closes: company.hours.closes,
    },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: company.rating.value,
      reviewCount: company.rating.count,
      bestRating: 5,
    },
    hasCredential: {
      '@type': 'EducationalOccupationalCredential',
      credentialCategory: 'license',
      name: `${company.address.regionName} Security Agency License ${company.licence.agency}`,
    },
    areaServed: { '@type': 'State', name: company.address.regionName },
    sameAs: company.social.map((s) => s.url),
  }

  const searchAction: SearchActionWithInput = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  }
  const website: WebSite = {
    '@type': 'WebSite',
    '@id': ids.website,
    url: `${origin}/`,
    name: seo.siteName,
    inLanguage: languages,
    publisher: { '@id': ids.business },
    potentialAction: searchAction,
  }

  const webPage: WebPage = {
    '@type': 'WebPage',
    '@id': pageId,
    url,
    name: page.meta.title,
    description: page.meta.description,
    inLanguage: page.locale,
    isPartOf: { '@id': ids.website },
    about: { '@id': ids.business },
    ...(page.breadcrumbs.length ? { breadcrumb: { '@id': `${url}#breadcrumb` } } : {}),
  }

  const nodes: Thing[] = [business, website, webPage]

  if (page.breadcrumbs.length) {
    const breadcrumb: BreadcrumbList = {
      '@type': 'BreadcrumbList',
      '@id': `${url}#breadcrumb`,
      itemListElement: page.breadcrumbs.map((crumb, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: crumb.label,
        ...(crumb.href ? { item: canonicalUrl(site, crumb.href) } : {}),
      })),
    }
    nodes.push(breadcrumb)
  }

  const service = site.services.find((s) => s.href === page.path)
  if (service) {
    const node: Service = {
      '@type': 'Service',
      '@id': `${url}#service`,
      name: service.title,
      serviceType: service.title,
      description: service.summary,
      url,
      provider: { '@id': ids.business },
      areaServed: [
        { '@type': 'State', name: company.address.regionName },
        { '@type': 'Country', name: 'United States' },
      ],
    }
    nodes.push(node)
  }

  for (const block of page.blocks)
    nodes.push(...((definitionOf(block).structuredData?.(block, { url, meta: page.meta, site }) ?? []) as Thing[]))

  return { '@context': 'https://schema.org', '@graph': nodes }
}

/** JSON for a <script type="application/ld+json"> element, safe inside HTML. */
export const jsonLdText = (graph: Graph) => JSON.stringify(graph).replace(/</g, '\\u003c')

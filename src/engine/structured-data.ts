// The page's JSON-LD, typed with schema-dts so every type and property is checked against
// the schema.org vocabulary at compile time. All facts come from site.yaml and the page; each
// block adds its own nodes (its definition's `structuredData`). Written into the prerendered
// HTML at build time, so none of this ships to the browser.
import type {
  BreadcrumbList,
  ContactPoint,
  EducationalOccupationalCredential,
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
import { definitionOf, walkBlocks } from './blocks'

// schema.org's SearchAction takes the non-standard `query-input` that search engines read.
type SearchActionWithInput = SearchAction & { 'query-input': string }

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

type Ids = { business: string; website: string }

/** `site`: site.yaml in the page's language (content.sites), so the business is described in it. */
export function structuredData(page: PageData, site: SiteConfig): Graph {
  const { origin } = site.seo
  const ids = { business: `${origin}/#business`, website: `${origin}/#website` }
  const url = canonicalUrl(site, page.meta.canonical ?? page.path)
  const nodes: Thing[] = [businessNode(site, ids), websiteNode(site, ids), webPageNode(page, url, ids)]
  if (page.breadcrumbs.length) nodes.push(breadcrumbNode(page, url, site))
  const service = site.services.find((s) => s.href === page.path)
  if (service) nodes.push(serviceNode(service, url, site, ids))
  for (const { block } of walkBlocks(page.blocks))
    nodes.push(...((definitionOf(block).structuredData?.(block, { url, meta: page.meta, site }) ?? []) as Thing[]))
  return { '@context': 'https://schema.org', '@graph': nodes }
}

/** The languages the business answers in are the site's: its contact point says so. */
const languagesOf = (site: SiteConfig) => siteLocales(site).map((l) => l.code)

function businessNode(site: SiteConfig, ids: Ids): ProfessionalService {
  const { company, seo } = site
  const { origin } = seo
  const credentials = credentialNodes(company.credentials)
  return {
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
    contactPoint: contactPoint(site),
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
    // One credential is a node of its own, several a list of them.
    ...(credentials.length ? { hasCredential: credentials.length === 1 ? credentials[0] : credentials } : {}),
    areaServed: { '@type': 'State', name: company.address.regionName },
    sameAs: company.social.map((s) => s.url),
  }
}

function contactPoint(site: SiteConfig): ContactPoint {
  const { company } = site
  const languageNames = new Intl.DisplayNames(['en'], { type: 'language' })
  return {
    '@type': 'ContactPoint',
    contactType: 'customer service',
    telephone: company.phone.tel,
    email: company.email,
    areaServed: company.address.country,
    availableLanguage: languagesOf(site).map((code) => ({
      '@type': 'Language',
      name: languageNames.of(code) ?? code,
      alternateName: code,
    })),
  }
}

/** The credentials site.yaml gives search engines (`structuredData: true`): name and number. */
function credentialNodes(credentials: SiteConfig['company']['credentials']): EducationalOccupationalCredential[] {
  return Object.values(credentials)
    .filter((c) => c.structuredData)
    .map((c) => ({
      '@type': 'EducationalOccupationalCredential',
      ...(c.category ? { credentialCategory: c.category } : {}),
      name: c.number ? `${c.name} ${c.number}` : c.name,
    }))
}

function websiteNode(site: SiteConfig, ids: Ids): WebSite {
  const { origin } = site.seo
  const searchAction: SearchActionWithInput = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  }
  return {
    '@type': 'WebSite',
    '@id': ids.website,
    url: `${origin}/`,
    name: site.seo.siteName,
    inLanguage: languagesOf(site),
    publisher: { '@id': ids.business },
    potentialAction: searchAction,
  }
}

function webPageNode(page: PageData, url: string, ids: Ids): WebPage {
  return {
    '@type': 'WebPage',
    '@id': `${url}#webpage`,
    url,
    name: page.meta.title,
    description: page.meta.description,
    inLanguage: page.locale,
    isPartOf: { '@id': ids.website },
    about: { '@id': ids.business },
    ...(page.breadcrumbs.length ? { breadcrumb: { '@id': `${url}#breadcrumb` } } : {}),
  }
}

function breadcrumbNode(page: PageData, url: string, site: SiteConfig): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${url}#breadcrumb`,
    itemListElement: page.breadcrumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      ...(crumb.href ? { item: canonicalUrl(site, crumb.href) } : {}),
    })),
  }
}

function serviceNode(service: SiteConfig['services'][number], url: string, site: SiteConfig, ids: Ids): Service {
  const { address } = site.company
  return {
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.summary,
    url,
    provider: { '@id': ids.business },
    areaServed: [
      { '@type': 'State', name: address.regionName },
      {
        '@type': 'Country',
        name: new Intl.DisplayNames(['en'], { type: 'region' }).of(address.country) ?? address.country,
      },
    ],
  }
}

/** JSON for a <script type="application/ld+json"> element, safe inside HTML. */
export const jsonLdText = (graph: Graph) => JSON.stringify(graph).replace(/</g, '\\u003c')

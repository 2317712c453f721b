import type { SiteConfig } from './types'

/**
 * What of site.yaml the browser needs: the layout (header, footer, floating actions, the 404
 * page, the head's tags) and the contact details the forms show. The rest (claims, related
 * links, the services' summaries, redirects) is resolved into the pages at build time, so it
 * stays out of the bundle every page loads. The type is what `virtual:site` exports: code in
 * the browser that reads anything else does not compile.
 */
export function browserSite(site: SiteConfig): BrowserSite {
  const { name, shortName, legalName, description, phone, email, address, social, licence } = site.company
  return {
    company: { name, shortName, legalName, description, phone, email, address, social, licence },
    services: site.services.map(({ title, href }) => ({ title, href })),
    nav: site.nav,
    footer: site.footer,
    seo: site.seo,
    notFound: site.notFound,
  }
}

type Company = SiteConfig['company']
type Service = SiteConfig['services'][number]

export type BrowserSite = Pick<SiteConfig, 'nav' | 'footer' | 'seo' | 'notFound'> & {
  company: Pick<
    Company,
    'name' | 'shortName' | 'legalName' | 'description' | 'phone' | 'email' | 'address' | 'social' | 'licence'
  >
  services: Pick<Service, 'title' | 'href'>[]
}

import type { FromSchema } from 'json-schema-to-ts'
import type { pageMetaSchema } from './page-meta-schema'
import type { siteSchema } from './site-schema'

export type SiteConfig = FromSchema<typeof siteSchema>
export type PageMeta = FromSchema<typeof pageMetaSchema>

export type Crumb = { label: string; href: string }

/**
 * What the browser needs to build the router: derived from pages/. It grows with the folders,
 * not with the pages or the redirects: a redirect is a data file of its own (RedirectData).
 */
export type RouteManifest = {
  /** Folders of pages/ ('' is the top level); each becomes a `/<folder>/$slug` route. */
  folders: string[]
  hasHome: boolean
}

/** An address that moved: site.yaml's `redirects` and each page's `meta.aliases`. */
export type Redirect = { from: string; to: string }

/**
 * What /_data/<address>.json holds for a redirected address, in place of a page's data: the
 * router follows it on a client-side navigation, as the server answers 301 to a full load.
 */
export type RedirectData = { redirect: string }

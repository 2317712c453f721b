import type { FromSchema } from 'json-schema-to-ts'
import type { pageMetaSchema } from './page-meta-schema'
import type { siteSchema } from './site-schema'

export type SiteConfig = FromSchema<typeof siteSchema>
export type PageMeta = FromSchema<typeof pageMetaSchema>

export type Crumb = { label: string; href: string }

/** What the browser needs to build the router: derived from pages/ and site.yaml. */
export type RouteManifest = {
  /** Folders of pages/ ('' is the top level); each becomes a `/<folder>/$slug` route. */
  folders: string[]
  hasHome: boolean
  redirects: { from: string; to: string }[]
}

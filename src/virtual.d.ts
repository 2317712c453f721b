declare module 'virtual:site' {
  import type { RouteManifest, SiteConfig } from './content/types'
  /** site.yaml, validated and with placeholders filled. */
  export const site: SiteConfig
  /** The route tree's shape, derived from pages/ and site.yaml redirects. */
  export const manifest: RouteManifest
}

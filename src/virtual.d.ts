declare module 'virtual:site' {
  /** What the browser needs of site.yaml in the default language (validated, placeholders filled): content/browser-site.ts. */
  export const site: import('./content/browser-site').BrowserSite
  /** The site's languages, the default first. */
  export const locales: import('./content/locales').SiteLocale[]
  /** The same as `site` in each other language, as a chunk of its own (by locale code). */
  export const otherSites: Record<string, () => Promise<{ site: import('./content/browser-site').BrowserSite }>>
  /** The route tree's shape, derived from pages/ and site.yaml redirects. */
  export const manifest: import('./content/types').RouteManifest
}

declare module 'virtual:form-validator/*' {
  /** @rjsf/validator-ajv8's precompiled validator functions for one form's browser schema. */
  const validateFns: import('@rjsf/validator-ajv8/lib/types.js').ValidatorFunctions
  export default validateFns
}

declare module 'virtual:form-code' {
  /** Each of the site's forms' code (its component, its validator), by kind: src/vite/site-forms.ts. */
  export const importers: Readonly<
    Record<string, () => Promise<{ default: import('./blocks/form/load-form').FormComponent }>>
  >
}

interface ImportMetaEnv {
  /** True in the built site (npm run build), false in the development servers (src/vite/config.ts). */
  readonly BUILT: boolean
}

declare module 'virtual:site' {
  /** What the browser needs of site.yaml (validated, placeholders filled): content/browser-site.ts. */
  export const site: import('./content/browser-site').BrowserSite
  /** The route tree's shape, derived from pages/ and site.yaml redirects. */
  export const manifest: import('./content/types').RouteManifest
}

declare module 'virtual:form-validator/*' {
  /** @rjsf/validator-ajv8's precompiled validator functions for one form's browser schema. */
  const validateFns: import('@rjsf/validator-ajv8/lib/types.js').ValidatorFunctions
  export default validateFns
}

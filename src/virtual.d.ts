declare module 'virtual:site' {
  /** site.yaml, validated and with placeholders filled. */
  export const site: import('./content/types').SiteConfig
  /** The route tree's shape, derived from pages/ and site.yaml redirects. */
  export const manifest: import('./content/types').RouteManifest
}

declare module 'virtual:form-validator/*' {
  const validateFns: import('@rjsf/validator-ajv8/lib/types.js').ValidatorFunctions
  export default validateFns
}

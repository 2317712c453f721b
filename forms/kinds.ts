/** The site's forms by the name pages use (`form: contact`); each has a folder beside this file. */
export const FORM_KINDS = ['contact', 'application', 'quote'] as const
export type FormKind = (typeof FORM_KINDS)[number]

/** The bakery's forms by the name pages use (`form: order`); each has a folder beside this file. */
export const FORM_KINDS = ['order'] as const
export type FormKind = (typeof FORM_KINDS)[number]

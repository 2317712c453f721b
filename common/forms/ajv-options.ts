/**
 * The ajv options of every check of a schema: the functions' (ajv at runtime), the browser's
 * precompiled form validators and the collect function's precompiled batch validator. An answer
 * inherited from a prototype is no answer (`ownProperties`: the stored copy would not have it);
 * `required` may name a property defined elsewhere in the schema (a condition's `then`).
 */
export const AJV_OPTIONS = { strictRequired: false, ownProperties: true } as const

/** A form's checks report every problem, so one round trip shows the visitor all of them. */
export const FORM_AJV_OPTIONS = { ...AJV_OPTIONS, allErrors: true } as const

/**
 * Where a schema is compiled whole (the functions, the batch validator), strict mode also refuses
 * a schema with an unknown keyword or a keyword its type cannot have. Not in the browser: rjsf
 * compiles parts of a form's schema on their own (the options of an `anyOf`), which strict mode
 * would refuse for the type they inherit.
 */
export const STRICT = { strict: true } as const

/** The formats the forms' schemas use, as ajv-formats checks them. */
export const FORM_FORMATS = ['email', 'uuid'] as const

/**
 * What one form is, everywhere it is used: the browser renders and validates it, the build
 * prerenders it and its validator, the edge function and the local backend accept and store it,
 * and the tests drive it. Plain data only: imported by Deno, Node and the browser alike, so no
 * React, no ajv and no Deno or DOM APIs here.
 */

/** A draft-07 schema object, loose enough that a JSON module import fits without a cast. */
export interface JsonSchemaLike {
  readonly [keyword: string]: unknown
}

export interface FormDefinition {
  /** The JSON Schema the browser and the function validate with. */
  schema: JsonSchemaLike
  /** Order, groups, widgets, placeholders and autocomplete hints of the fields. */
  uiSchema: JsonSchemaLike
  /** The deployed Supabase function (`/functions/v1/<name>`) that takes this form. */
  functionName: string
  /** The table its submissions are stored in. */
  table: string
  /** A file sent with the form, if it takes one: the input's name, what it accepts and its size limit. */
  file?: { field: string; label: string; extensions: readonly string[]; accept: string; maxBytes: number }
}

/** Filled in by code, not by the visitor: the retry-safe key and the chosen résumé's name. */
export const CODE_FILLED_FIELDS = ['idempotencyKey', 'resumeFileName'] as const

/** The schema the visitor fills in: the shared one minus the fields code fills in. */
export function visitorSchema(schema: JsonSchemaLike): JsonSchemaLike {
  const properties = { ...(schema.properties as Record<string, unknown>) }
  const codeFilled: readonly string[] = CODE_FILLED_FIELDS
  for (const field of codeFilled) delete properties[field]
  const required = ((schema.required as string[] | undefined) ?? []).filter((f) => !codeFilled.includes(f))
  return { ...schema, properties, required }
}

/** Where a form sent without JavaScript leads once stored: a real, noindex page under the form's page. */
export const thankYouPath = (formPage: string) => `${formPage === '/' ? '' : formPage}/thank-you`

/** What a plain HTML form sends besides its answers, and where it posts (see supabase/functions/_shared/form-post.ts). */
export const PLAIN_POST = {
  /** The query of the form's `action`, asking the function for a redirect instead of JSON. */
  query: 'reply=page',
  /** The hidden input naming the page the form is on; its thank-you page lives under it. */
  pageField: '_page',
} as const

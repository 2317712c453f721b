// The schemas the browser renders and validates: the shared schemas in schemas/ (which the
// backend validates with) minus the fields that code, not the visitor, fills in.
export type FormKind = 'contact' | 'application'
export type JsonObject = Record<string, unknown>

/** Set at submit time: the retry-safe key and the chosen resume's name. */
export const CODE_FILLED_FIELDS = ['idempotencyKey', 'resumeFileName']

export function browserSchema(schema: JsonObject): JsonObject {
  const properties = { ...(schema.properties as JsonObject) }
  for (const field of CODE_FILLED_FIELDS) delete properties[field]
  const required = (schema.required as string[]).filter((f) => !CODE_FILLED_FIELDS.includes(f))
  return { ...schema, properties, required }
}

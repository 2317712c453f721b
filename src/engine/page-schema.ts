// The JSON Schema of a page file, generated from the block registry's schemas.
// `npm run schemas` writes it to schemas/page.schema.json for editors; a test keeps it fresh.

import { pageMetaSchema } from '../content/page-meta-schema'
import { blockSchemas, slotsOf } from './blocks'

/** A block's schema as it appears in a page: its props plus the `type` discriminator. */
export function blockSchemaWithType(type: string, schema: { properties: object; required?: readonly string[] }) {
  return {
    ...schema,
    required: ['type', ...(schema.required ?? [])],
    properties: { type: { const: type, description: `Block type: ${type}` }, ...schema.properties },
  }
}

/** A page: its meta, and a list of at least one block whose entries match `blockItems`. */
export function pageSchemaWith(blockItems: object) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['meta', 'blocks'],
    properties: {
      meta: pageMetaSchema,
      blocks: {
        type: 'array',
        minItems: 1,
        description: 'The sections of the page, top to bottom.',
        items: blockItems,
      },
    },
  } as const
}

export function buildPageSchema() {
  const types = Object.keys(blockSchemas)
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://schemas.local/page.schema.json',
    title: 'Page',
    description:
      'One page of the site: its metadata and the ordered list of blocks that make it up. The address comes from the file path.',
    ...pageSchemaWith({
      type: 'object',
      required: ['type'],
      properties: { type: { enum: types, description: 'Which block this is.' } },
      allOf: types.map((type) => ({
        if: { properties: { type: { const: type } } },
        then: { $ref: `#/definitions/${type}` },
      })),
    }),
    definitions: Object.fromEntries(
      Object.entries(blockSchemas).map(([type, schema]) => [
        type,
        withSlotRefs(type, blockSchemaWithType(type, schema)),
      ]),
    ),
  }
}

/** Each slot's entries as editors check them: the schema of the block type each names. */
function withSlotRefs<S extends { properties: Record<string, unknown> }>(type: string, schema: S): S {
  const slots = Object.entries(slotsOf(type))
  if (!slots.length) return schema
  const properties = { ...schema.properties }
  for (const [name, spec] of slots) {
    const property = properties[name] as { items: object }
    const allOf = spec.types.map((t) => ({
      if: { properties: { type: { const: t } } },
      then: { $ref: `#/definitions/${t}` },
    }))
    properties[name] = { ...property, items: { ...property.items, allOf } }
  }
  return { ...schema, properties }
}

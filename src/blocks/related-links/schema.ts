import { anchorId, heading } from '../_shared/schema-parts'

export const relatedLinksSchema = {
  title: 'Related links',
  description: 'Links to related pages, taken from one of the context sets in site.yaml (`relatedLinks`). The current page and any `exclude` addresses are left out; the block disappears when nothing remains.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'context'],
  properties: {
    anchor: anchorId,
    heading,
    context: { enum: ['security', 'protection', 'consulting', 'events', 'residential'], description: 'Which set of links to show.' },
    max: { type: 'integer', minimum: 1, maximum: 12, default: 4, description: 'At most this many links (default 4).' },
    exclude: { type: 'array', items: { type: 'string', pattern: '^/' }, description: 'Addresses never to show here.' },
  },
  examples: [{ heading: 'Related Security Resources', context: 'security', max: 6 }],
} as const

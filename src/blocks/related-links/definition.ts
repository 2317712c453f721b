import { anchorId, heading } from '../../content/schema-parts'
import { defineBlock } from '../define'

const relatedLinksSchema = {
  title: 'Related links',
  description:
    'Links to related pages, taken from one of the context sets in site.yaml (`relatedLinks`). The current page and any `exclude` addresses are left out; the block disappears when nothing remains.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'context'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Related Security Resources', 'You May Also Need'] },
    context: {
      enum: ['security', 'protection', 'consulting', 'events', 'residential'],
      description: 'Which set of links to show: the set of that name under `relatedLinks` in site.yaml.',
      examples: ['security', 'events'],
    },
    max: {
      type: 'integer',
      minimum: 1,
      maximum: 12,
      default: 4,
      description: 'At most this many links (1 to 12; default 4).',
      examples: [4, 6],
    },
    exclude: {
      type: 'array',
      items: { type: 'string', pattern: '^/' },
      description:
        'Addresses never to show here, each starting with /, e.g. a page already linked just above. The current page is always left out.',
      examples: [['/contact-us']],
    },
  },
  examples: [{ heading: 'Related Security Resources', context: 'security', max: 6 }],
} as const

export default defineBlock(relatedLinksSchema, {
  resolve: (block, { page, index }) => {
    const excluded = new Set([page.path, ...(block.exclude ?? [])])
    const links = index.site.relatedLinks[block.context].filter((l) => !excluded.has(l.url)).slice(0, block.max)
    return links.length ? { links } : null
  },
  nonTextFields: ['context', 'links'],
})

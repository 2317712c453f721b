import { anchorId, heading } from '../../content/schema-parts'
import { defineBlock } from '../define'

const relatedLinksSchema = {
  title: 'Related links',
  description:
    'Links to related pages, taken from one of the sets of links site.yaml declares (`relatedLinks`). The current page and any `exclude` addresses are left out; the block disappears when nothing remains.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'context'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Related Resources', 'You May Also Need'] },
    context: {
      type: 'string',
      pattern: '^[a-z][a-z0-9-]*$',
      description:
        'Which set of links to show: the name of one of the sets under `relatedLinks` in site.yaml (`npm run check` says which there are).',
      examples: ['services', 'events'],
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
  examples: [{ heading: 'Related Resources', context: 'services', max: 6 }],
} as const

export default defineBlock(relatedLinksSchema, {
  resolve: (block, { page, index }) => {
    const excluded = new Set([page.path, ...(block.exclude ?? [])])
    // A set site.yaml does not declare is reported by `check`; meanwhile the block shows nothing.
    const set = index.site.relatedLinks[block.context] ?? []
    const links = set.filter((l) => !excluded.has(l.url)).slice(0, block.max)
    return links.length ? { links } : null
  },
  check: (block, site) => {
    const names = Object.keys(site.relatedLinks)
    if (names.includes(block.context)) return []
    return [
      {
        at: ['context'],
        message: `no set of related links is named "${block.context}": use one of ${names.map((n) => `"${n}"`).join(', ')}, or declare it under \`relatedLinks:\` in site.yaml`,
      },
    ]
  },
  nonTextFields: ['context', 'links'],
})

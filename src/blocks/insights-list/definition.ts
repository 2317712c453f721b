import { anchorId, heading, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const insightsListSchema = {
  title: 'Insights list',
  description:
    'Cards for every article page (a page with `meta.article`), newest first, with category buttons that filter the list. The chosen category is kept in the address (?category=…).',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'categories'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Security Insights', 'Latest Articles'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the articles.',
      examples: ['Practical advice on protection, events and travel risk from our security specialists.'],
    },
    allLabel: {
      type: 'string',
      maxLength: 40,
      default: 'All Posts',
      description: 'Label of the first category button, the one that shows every article (default All Posts).',
      examples: ['All Posts', 'All Articles'],
    },
    categories: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 40 },
      description:
        'Category buttons, in order, each up to 40 characters. Write each exactly as articles write it in `meta.article.category`.',
      examples: [['Executive Protection', 'Events', 'Corporate Security']],
    },
  },
  examples: [
    {
      heading: 'Security Insights',
      categories: ['Executive Protection', 'Events', 'Corporate Security', 'Residential', 'Travel'],
    },
  ],
} as const

export default defineBlock(insightsListSchema, {
  hydrate: 'idle',
  resolve: (_block, { index }) => ({ posts: index.posts }),
})

import { anchorId, heading, text } from '../_shared/schema-parts'

export const insightsListSchema = {
  title: 'Insights list',
  description: 'Cards for every article page (a page with `meta.article`), newest first, with category buttons that filter the list. The chosen category is kept in the address (?category=…).',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'categories'],
  properties: {
    anchor: anchorId,
    heading,
    intro: text,
    allLabel: { type: 'string', maxLength: 40, default: 'All Posts', description: 'Label of the button that shows every article.' },
    categories: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 40 }, description: 'Category buttons, in order.' },
  },
  examples: [{ heading: 'Security Insights', categories: ['Executive Protection', 'Events'] }],
} as const

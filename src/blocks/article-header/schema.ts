import { href } from '../_shared/schema-parts'

export const articleHeaderSchema = {
  title: 'Article header',
  description: 'The top of an article: a back link, the category, date and reading time (from the page\'s `meta.article`) and the article\'s title as the page heading.',
  type: 'object',
  additionalProperties: false,
  required: ['heading'],
  properties: {
    heading: { type: 'string', minLength: 1, maxLength: 140, description: 'The article title (h1).' },
    backLabel: { type: 'string', maxLength: 40, default: 'Back to Insights' },
    backHref: { ...href, default: '/insights' },
  },
  examples: [{ heading: 'Executive Protection vs. Bodyguards: What Is the Difference?' }],
} as const

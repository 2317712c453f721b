import { heading, text } from '../_shared/schema-parts'

export const searchSchema = {
  title: 'Search',
  description: 'A search box and results over every page and article, from an index built with the site. Reads and writes ?q= in the address.',
  type: 'object',
  additionalProperties: false,
  required: ['heading'],
  properties: {
    heading: { ...heading, description: 'The page heading (h1).' },
    intro: text,
    label: { type: 'string', maxLength: 60, default: 'Search the site' },
    noResults: { type: 'string', maxLength: 200, default: 'No pages match your search. Try another word, or contact us directly.' },
  },
  examples: [{ heading: 'Search' }],
} as const

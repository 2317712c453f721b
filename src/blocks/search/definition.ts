import { heading, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const searchSchema = {
  title: 'Search',
  description:
    'A search box and results over every page and article, from an index built with the site. Reads and writes ?q= in the address.',
  type: 'object',
  additionalProperties: false,
  required: ['heading'],
  properties: {
    heading: {
      ...heading,
      description: "The page's main heading (h1), above the search box.",
      examples: ['Search', 'Search Our Site'],
    },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the search box.',
      examples: ['Find services, city pages and security insights.'],
    },
    label: {
      type: 'string',
      maxLength: 60,
      default: 'Search the site',
      description: 'The label above the search box (default Search the site).',
      examples: ['Search the site', 'What are you looking for?'],
    },
    noResults: {
      type: 'string',
      maxLength: 200,
      default: 'No pages match your search. Try another word, or contact us directly.',
      description: 'The message shown when nothing matches the search (up to 200 characters).',
      examples: ['No pages match your search. Try another word, or call us at {{company.phone.display}}.'],
    },
  },
  examples: [{ heading: 'Search', intro: 'Find services, city pages and security insights.' }],
} as const

export default defineBlock(searchSchema, {
  hydrate: 'idle',
})

import { anchorId, heading, href, text } from '../_shared/schema-parts'

export const cityListSchema = {
  title: 'City list',
  description:
    'A list of cities or areas. A city links to its own page when a page declares `meta.city` with that name; otherwise it links to `fallbackHref` (or is plain text when there is none). Adding a city page links it here automatically.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'cities'],
  properties: {
    anchor: anchorId,
    heading,
    intro: text,
    cities: {
      type: 'array',
      minItems: 1,
      maxItems: 60,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 60 },
      description: 'City or area names, in display order.',
    },
    fallbackHref: { ...href, description: 'Where a city without its own page links to. Leave out for plain text.' },
  },
  examples: [{ heading: 'Cities We Serve', cities: ['Orlando', 'Naples'], fallbackHref: '/florida-security-services' }],
} as const

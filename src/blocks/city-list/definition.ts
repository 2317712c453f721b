import { anchorId, heading, href, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const cityListSchema = {
  title: 'City list',
  description:
    'A list of cities or areas. A city links to its own page when a page declares `meta.city` with that name; otherwise it links to `fallbackHref` (or is plain text when there is none). Adding a city page links it here automatically.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'cities'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Cities We Serve', 'Our Services Across the Region'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the list of cities.',
      examples: ['Our teams cover the whole region, with local crews in the cities below.'],
    },
    cities: {
      type: 'array',
      minItems: 1,
      maxItems: 60,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 60 },
      description: 'City or area names, in display order.',
      examples: [['Springfield', 'Riverton']],
    },
    fallbackHref: {
      ...href,
      description: 'Where a city without its own page links to. Leave out for plain text.',
      examples: ['/service-area', '/contact-us'],
    },
  },
  examples: [{ heading: 'Cities We Serve', cities: ['Springfield', 'Riverton'], fallbackHref: '/contact-us' }],
} as const

export default defineBlock(cityListSchema, {
  resolve: ({ cities, fallbackHref }, { index }) => {
    const links: Record<string, string> = {}
    for (const city of cities) {
      const target = index.places.get(city) ?? fallbackHref
      if (target) links[city] = target
    }
    return { links }
  },
  linkFields: ['fallbackHref', 'links'],
  nonTextFields: ['fallbackHref', 'links'],
})

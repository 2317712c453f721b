import { anchorId, heading, link, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const serviceCardsSchema = {
  title: 'Service cards',
  description:
    'Cards for the services of the catalogue in site.yaml (`services`), in catalogue order, never the current page. Use it for the services listing (no limit) and for related services (limit 3).',
  type: 'object',
  additionalProperties: false,
  required: ['heading'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Related Services', 'Our Services'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the cards.',
      examples: ['A job is rarely one service. These often go together with this one.'],
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 20,
      description: 'Show at most this many services (default: all). Use 3 for a related-services row.',
      examples: [3],
    },
    linkLabel: {
      type: 'string',
      minLength: 1,
      maxLength: 30,
      description:
        "The text of each card's link to its service page (default: site.yaml's texts.cards.linkLabel in the page's language, e.g. Learn More).",
      examples: ['Learn More', 'See the service'],
    },
    viewAll: {
      ...link,
      description: 'Optional button under the cards, e.g. View All Services.',
      examples: [{ label: 'View All Services', href: '/services' }],
    },
  },
  examples: [{ heading: 'Related Services', limit: 3, viewAll: { label: 'View All Services', href: '/services' } }],
} as const

export default defineBlock(serviceCardsSchema, {
  // The catalogue in the page's language: its services translated into it, at their addresses.
  resolve: ({ limit, linkLabel }, { page, index }) => ({
    services: index.site.services.filter((s) => s.href !== page.path).slice(0, limit ?? Infinity),
    linkLabel: linkLabel ?? index.site.texts.cards.linkLabel,
    about: index.site.texts.cards.about,
  }),
  nonTextFields: ['about'],
})

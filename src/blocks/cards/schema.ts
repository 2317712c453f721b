import { anchorId, heading, href, icon, image, text } from '../_shared/schema-parts'

export const cardsSchema = {
  title: 'Cards',
  description: 'A grid of cards: services, reasons to choose us, audiences served. Each card may link somewhere.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading,
    intro: text,
    columns: { enum: [2, 3, 4], default: 3, description: 'Cards per row on wide screens.' },
    stagger: {
      type: 'boolean',
      default: false,
      description: 'Animate the cards in one after another, each (position+1)×100 ms later.',
    },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 12,
      description: 'The cards, in display order.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'text'],
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 100, description: 'Card title (h3).' },
          text: { ...text, maxLength: 600 },
          icon,
          image,
          features: { type: 'array', maxItems: 8, items: { type: 'string', maxLength: 120 }, description: 'Optional bullet points.' },
          href: { ...href, description: 'Optional: where the card\'s link goes.' },
          linkLabel: { type: 'string', maxLength: 40, default: 'Learn More', description: 'Text of the card\'s link.' },
        },
      },
    },
  },
  examples: [{ heading: 'Our Services', items: [{ title: 'Executive Protection', text: 'Close protection for executives.', icon: 'shield', href: '/services/executive-protection' }] }],
} as const

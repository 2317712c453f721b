import { anchorId, heading, image, link, text } from '../_shared/schema-parts'

export const heroSchema = {
  title: 'Hero',
  description: 'The opening section of a page: its only h1 heading, a short pitch and the main buttons.',
  type: 'object',
  additionalProperties: false,
  required: ['heading'],
  properties: {
    anchor: anchorId,
    eyebrow: { type: 'string', maxLength: 120, description: 'Small line above the heading, e.g. a licence badge.' },
    heading: { ...heading, description: 'The page\'s main heading (rendered as h1).' },
    text,
    actions: { type: 'array', maxItems: 3, items: link, description: 'Up to three buttons.' },
    stats: {
      type: 'array',
      maxItems: 4,
      description: 'Optional figures shown under the pitch.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'label'],
        properties: { value: { type: 'string', maxLength: 20 }, label: { type: 'string', maxLength: 60 } },
      },
    },
    image,
  },
  examples: [{ heading: 'Executive Protection in Florida', text: 'Discreet, licensed protection.', actions: [{ label: 'Request Protection Now', href: '/contact-us' }] }],
} as const

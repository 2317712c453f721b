import { anchorId, heading, text } from '../_shared/schema-parts'

export const testimonialItem = {
  type: 'object',
  additionalProperties: false,
  required: ['quote', 'author', 'company'],
  properties: {
    quote: { type: 'string', minLength: 1, maxLength: 600, description: 'What the client said.' },
    author: { type: 'string', minLength: 1, maxLength: 80, description: 'The client\'s role, e.g. Chief Executive Officer (clients stay anonymous).' },
    company: { type: 'string', minLength: 1, maxLength: 120, description: 'A descriptor of the client\'s organisation, e.g. Fortune 500 Technology Company.' },
  },
} as const

export const testimonialsSchema = {
  title: 'Testimonials',
  description: 'Client quotes in a carousel that advances on its own, with previous, next, dot and pause controls. It pauses on hover and focus, and never moves by itself for visitors who prefer reduced motion.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading,
    intro: text,
    intervalMs: { type: 'integer', minimum: 3000, maximum: 20000, default: 5000, description: 'Time each quote stays, in milliseconds.' },
    items: { type: 'array', minItems: 1, maxItems: 10, items: testimonialItem },
  },
  examples: [{ heading: 'What Our Clients Say', items: [{ quote: 'Flawless.', author: 'Chief Executive Officer', company: 'Technology Company' }] }],
} as const

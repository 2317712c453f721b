import { anchorId, heading, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

/** One client quote; also the fields of the `quote` block. Clients stay anonymous. */
export const testimonialItem = {
  type: 'object',
  additionalProperties: false,
  required: ['quote', 'author', 'company'],
  properties: {
    quote: {
      type: 'string',
      minLength: 1,
      maxLength: 600,
      description: 'What the client said, without quotation marks (they are added). Up to 600 characters.',
      examples: ['They finished our office refit on time and on budget. Tidy, prepared and always one step ahead.'],
    },
    author: {
      type: 'string',
      minLength: 1,
      maxLength: 80,
      description:
        "The client's role, shown in bold under the quote, e.g. Office Manager (clients stay anonymous: never a name).",
      examples: ['Office Manager', 'Homeowner'],
    },
    company: {
      type: 'string',
      minLength: 1,
      maxLength: 120,
      description:
        "A descriptor of the client's organisation, shown after the role, e.g. Regional Accounting Firm (never its name).",
      examples: ['Regional Accounting Firm', 'Downtown Apartment'],
    },
  },
} as const

const testimonialsSchema = {
  title: 'Testimonials',
  description:
    'Client quotes in a carousel that advances on its own, with previous, next, dot and pause controls. It pauses on hover and focus, and never moves by itself for visitors who prefer reduced motion.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['What Our Clients Say', 'Trusted by Homes and Businesses'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the quotes.',
      examples: ['Our clients value their privacy, so we share their words without their names.'],
    },
    intervalMs: {
      type: 'integer',
      minimum: 3000,
      maximum: 20000,
      default: 5000,
      description:
        'How long each quote stays before the next, in milliseconds: 5000 is five seconds (the default). From 3000 to 20000.',
      examples: [5000, 8000],
    },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: testimonialItem,
      description:
        "The quotes, in order (1 to 10), one at a time. Each has the quote, the client's role and a descriptor of their organisation.",
    },
  },
  examples: [
    {
      heading: 'What Our Clients Say',
      items: [
        {
          quote: 'They finished our office refit on time and on budget. Tidy, prepared and always one step ahead.',
          author: 'Office Manager',
          company: 'Regional Accounting Firm',
        },
        {
          quote: 'Forty rooms painted in a week and not a single complaint. Our guests never noticed.',
          author: 'Hotel Manager',
          company: 'Independent City Hotel',
        },
        {
          quote: 'They worked around our family with a quiet professionalism that let us live normally.',
          author: 'Homeowner',
          company: 'Downtown Apartment',
        },
      ],
    },
  ],
} as const

export default defineBlock(testimonialsSchema, {
  hydrate: 'visible',
  // The carousel's controls speak the page's language.
  resolve: (_block, { index }) => ({ texts: index.site.texts.testimonials }),
  nonTextFields: ['texts'],
  // The carousel always offers pause (WCAG 2.2.2) and its schema bounds intervalMs; what YAML
  // can still get wrong is a carousel of one quote, which never rotates yet shows controls.
  check: ({ items }) =>
    items.length === 1
      ? [
          {
            at: ['type'],
            message:
              'a testimonials carousel with one quote never rotates but still shows pause, previous, next and dot controls; add quotes, or use `type: quote` for a single one',
            severity: 'warning',
          },
        ]
      : [],
})

import { anchorId, heading } from '../../content/schema-parts'
import { defineBlock } from '../define'
import { testimonialItem } from '../testimonials/definition'

const quoteSchema = {
  title: 'Quote',
  description: 'One client testimonial, shown large.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'quote', 'author', 'company'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Client Testimonial', "In Our Client's Words"] },
    ...testimonialItem.properties,
  },
  examples: [
    {
      heading: 'Client Testimonial',
      quote:
        'Discreet and flawless from the first call to the last day of the visit. We would not trust anyone else with our family.',
      author: 'Family Office Director',
      company: 'Palm Beach Family Office',
    },
  ],
} as const

export default defineBlock(quoteSchema)

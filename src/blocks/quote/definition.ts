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
        'Careful and tidy from the first call to the last day of the work. We would not trust anyone else with our home.',
      author: 'Homeowner',
      company: 'Downtown Apartment',
    },
  ],
} as const

export default defineBlock(quoteSchema)

import { anchorId, heading, link, text } from '../_shared/schema-parts'

export const ctaSchema = {
  title: 'Call to action',
  description: 'A closing band that asks the visitor to act: request a quote, call, or get in touch.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'actions'],
  properties: {
    anchor: anchorId,
    heading,
    text,
    tone: { enum: ['dark', 'urgent'], default: 'dark', description: '`urgent` is the red emergency band.' },
    actions: { type: 'array', minItems: 1, maxItems: 3, items: link, description: 'One to three buttons.' },
  },
  examples: [{ heading: 'Ready to Discuss Your Security?', actions: [{ label: 'Request a Consultation', href: '/contact-us' }] }],
} as const

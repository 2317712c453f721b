import { anchorId, heading, icon, text } from '../_shared/schema-parts'

export const stepsSchema = {
  title: 'Steps',
  description: 'A numbered process, e.g. Risk Assessment → Security Planning → Team Deployment → 24/7 Monitoring.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading,
    intro: text,
    items: {
      type: 'array',
      minItems: 2,
      maxItems: 8,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'text'],
        properties: { title: { type: 'string', minLength: 1, maxLength: 80 }, text: { ...text, maxLength: 500 }, icon },
      },
    },
  },
  examples: [{ heading: 'Our Protection Process', items: [{ title: 'Risk Assessment', text: 'We study the threats.' }, { title: 'Security Planning', text: 'We plan every movement.' }] }],
} as const

import { anchorId, heading, link, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const ctaSchema = {
  title: 'Call to action',
  description: 'A closing band that asks the visitor to act: request a quote, call, or get in touch.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'actions'],
  properties: {
    anchor: anchorId,
    heading: {
      ...heading,
      description: "The band's heading: a short invitation to act (up to 140 characters).",
      examples: ['Ready to Discuss Your Project?', 'Need Help Today?'],
    },
    text: {
      ...text,
      description: 'Optional sentence or two under the heading that makes acting easy, e.g. how fast you reply.',
      examples: ['Tell us what you need done. We reply within one working day with a written quote.'],
    },
    tone: {
      enum: ['dark', 'urgent'],
      default: 'dark',
      description:
        "The band's colour: `dark` (navy, the default) or `urgent`, the red emergency band for 24/7 response.",
      examples: ['urgent'],
    },
    // The description and the first example of `actions` appear in the "missing field" message (tests pin it).
    actions: { type: 'array', minItems: 1, maxItems: 3, items: link, description: 'One to three buttons.' },
  },
  examples: [
    {
      heading: 'Ready to Discuss Your Project?',
      text: 'Tell us what you need done. We reply within one working day with a written quote.',
      actions: [{ label: 'Request a Consultation', href: '/contact-us' }],
    },
  ],
} as const

export default defineBlock(ctaSchema)

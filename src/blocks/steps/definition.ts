import { anchorId, heading, icon, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const stepsSchema = {
  title: 'Steps',
  description: 'A numbered process, e.g. Site Visit → Planning → The Work → Aftercare.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Our Process', 'How It Works'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the steps.',
      examples: ['From the first call to the final check, every job follows the same proven process.'],
    },
    items: {
      type: 'array',
      minItems: 2,
      maxItems: 8,
      description: 'The steps, in order (2 to 8). They are numbered 1, 2, 3… automatically.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'text'],
        properties: {
          title: {
            type: 'string',
            minLength: 1,
            maxLength: 80,
            description: "The step's name (h3), a few words (up to 80 characters).",
            examples: ['Site Visit', 'The Work'],
          },
          text: {
            ...text,
            maxLength: 500,
            description: 'What happens in this step: one or two sentences (up to 500 characters).',
            examples: ['We look at the job with you, measure up and put our quote in writing.'],
          },
          icon: {
            ...icon,
            description:
              "Optional icon shown with the step's number. The list of icon names is in docs/blocks.md#icons.",
            examples: ['radar', 'users'],
          },
        },
      },
    },
  },
  examples: [
    {
      heading: 'Our Process',
      items: [
        {
          title: 'Site Visit',
          text: 'We look at the job with you and measure up.',
          icon: 'radar',
        },
        { title: 'Planning', text: 'We plan every step, part and delivery.', icon: 'file-search' },
        {
          title: 'The Work',
          text: 'Trained staff matched to the job get it done.',
          icon: 'users',
        },
        {
          title: 'Aftercare',
          text: 'We check back after a month and fix anything that needs it.',
          icon: 'eye',
        },
      ],
    },
  ],
} as const

export default defineBlock(stepsSchema)

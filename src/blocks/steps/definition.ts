import { anchorId, heading, icon, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const stepsSchema = {
  title: 'Steps',
  description: 'A numbered process, e.g. Risk Assessment → Security Planning → Team Deployment → 24/7 Monitoring.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Our Protection Process', 'How It Works'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the steps.',
      examples: ['From the first call to round-the-clock coverage, every assignment follows the same proven process.'],
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
            examples: ['Risk Assessment', 'Team Deployment'],
          },
          text: {
            ...text,
            maxLength: 500,
            description: 'What happens in this step: one or two sentences (up to 500 characters).',
            examples: ['We study the threats to you, your schedule and your venues, and put our findings in writing.'],
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
      heading: 'Our Protection Process',
      items: [
        {
          title: 'Risk Assessment',
          text: 'We study the threats to you, your schedule and your venues.',
          icon: 'radar',
        },
        { title: 'Security Planning', text: 'We plan every movement, route and contingency.', icon: 'file-search' },
        {
          title: 'Team Deployment',
          text: 'Licensed officers matched to the assignment take their posts.',
          icon: 'users',
        },
        {
          title: '24/7 Monitoring',
          text: 'Our operations desk watches over the detail around the clock.',
          icon: 'eye',
        },
      ],
    },
  ],
} as const

export default defineBlock(stepsSchema)

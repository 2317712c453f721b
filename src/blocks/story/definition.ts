import { anchorId, heading } from '../../content/schema-parts'
import { defineBlock } from '../define'

const storySchema = {
  title: 'Story',
  description: 'A success story or case study: the situation, what we did and the outcome, with optional figures.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'label', 'paragraphs'],
  properties: {
    anchor: anchorId,
    label: {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      description: 'Small label above the heading, e.g. Success Story or Case Study (up to 40 characters).',
      examples: ['Success Story', 'Case Study'],
    },
    heading: { ...heading, examples: ['A Five-Country Executive Tour', 'Securing a 2,000-Guest Charity Gala'] },
    paragraphs: {
      type: 'array',
      minItems: 1,
      maxItems: 6,
      items: { type: 'string', minLength: 1, maxLength: 1500 },
      description:
        'The story, one entry per paragraph (1 to 6, each up to 1500 characters): the situation, what we did, the outcome. Keep the client anonymous.',
      examples: [
        [
          'A technology CEO needed protection for a week of meetings in five countries.',
          'We planned every route and venue in advance and travelled with a two-officer detail.',
        ],
      ],
    },
    outcomes: {
      type: 'array',
      maxItems: 4,
      description: 'Optional figures that sum up the result, shown beside the story (up to four).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'label'],
        properties: {
          value: {
            type: 'string',
            maxLength: 24,
            description: 'The figure, in bold, e.g. 5 or Zero (up to 24 characters).',
            examples: ['5', 'Zero'],
          },
          label: {
            type: 'string',
            maxLength: 80,
            description: 'What the figure means, shown next to it (up to 80 characters).',
            examples: ['Countries in 7 days', 'Security incidents'],
          },
        },
      },
    },
  },
  examples: [
    {
      label: 'Case Study',
      heading: 'A Five-Country Executive Tour',
      paragraphs: [
        "A technology CEO needed protection for a week of meetings in five countries, with two days' notice.",
        'We assessed every city, planned routes and venues in advance and travelled with a two-officer detail, coordinating local drivers at each stop.',
        'The tour ran to schedule, and the client has travelled with us ever since.',
      ],
      outcomes: [
        { value: '5', label: 'Countries in 7 days' },
        { value: 'Zero', label: 'Security incidents' },
      ],
    },
  ],
} as const

export default defineBlock(storySchema)

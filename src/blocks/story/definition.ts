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
    heading: { ...heading, examples: ['Forty Rooms in One Week', 'A Kitchen Refit in Ten Days'] },
    paragraphs: {
      type: 'array',
      minItems: 1,
      maxItems: 6,
      items: { type: 'string', minLength: 1, maxLength: 1500 },
      description:
        'The story, one entry per paragraph (1 to 6, each up to 1500 characters): the situation, what we did, the outcome. Keep the client anonymous.',
      examples: [
        [
          'A hotel needed forty rooms refitted in one week, between two conferences.',
          'We planned every room and delivery in advance and worked in two shifts.',
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
            examples: ['Rooms in 7 days', 'Guest complaints'],
          },
        },
      },
    },
  },
  examples: [
    {
      label: 'Case Study',
      heading: 'Forty Rooms in One Week',
      paragraphs: [
        "A hotel needed forty rooms refitted in one week, between two conferences, with two days' notice.",
        'We surveyed every room, planned deliveries in advance and worked in two shifts, coordinating local suppliers at each step.',
        'The rooms reopened on schedule, and the hotel has worked with us ever since.',
      ],
      outcomes: [
        { value: '40', label: 'Rooms in 7 days' },
        { value: 'Zero', label: 'Guest complaints' },
      ],
    },
  ],
} as const

export default defineBlock(storySchema)

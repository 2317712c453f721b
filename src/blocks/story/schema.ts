import { anchorId, heading } from '../_shared/schema-parts'

export const storySchema = {
  title: 'Story',
  description: 'A success story or case study: the situation, what we did and the outcome, with optional figures.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'label', 'paragraphs'],
  properties: {
    anchor: anchorId,
    label: { type: 'string', minLength: 1, maxLength: 40, description: 'Small label above the heading, e.g. Success Story or Case Study.' },
    heading,
    paragraphs: { type: 'array', minItems: 1, maxItems: 6, items: { type: 'string', minLength: 1, maxLength: 1500 } },
    outcomes: {
      type: 'array',
      maxItems: 4,
      description: 'Figures that sum up the result.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'label'],
        properties: { value: { type: 'string', maxLength: 24 }, label: { type: 'string', maxLength: 80 } },
      },
    },
  },
  examples: [{ label: 'Case Study', heading: 'A Five-Country Executive Tour', paragraphs: ['A CEO needed…'] }],
} as const

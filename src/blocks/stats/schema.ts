import { anchorId, heading, icon, text } from '../_shared/schema-parts'

export const statsSchema = {
  title: 'Stats',
  description: 'A row of key figures (years of experience, response time, counties served…).',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading,
    intro: text,
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 8,
      description: 'The figures, in display order.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'label'],
        properties: {
          value: { type: 'string', minLength: 1, maxLength: 24, description: 'The figure itself, e.g. 99.7%.' },
          label: { type: 'string', minLength: 1, maxLength: 80, description: 'What the figure means.' },
          icon,
        },
      },
    },
  },
  examples: [{ heading: 'Results That Matter', items: [{ value: '99.7%', label: 'Mission success rate' }] }],
} as const

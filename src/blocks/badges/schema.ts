import { anchorId, heading, icon } from '../_shared/schema-parts'

export const badgesSchema = {
  title: 'Badges',
  description: 'A compact strip of credentials or client types (Trusted by…, licences, memberships).',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading,
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 12,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label'],
        properties: { label: { type: 'string', minLength: 1, maxLength: 80 }, icon },
      },
    },
  },
  examples: [{ heading: 'Trusted By', items: [{ label: 'Fortune 500 Executives', icon: 'briefcase' }] }],
} as const

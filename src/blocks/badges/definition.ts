import { anchorId, heading, icon } from '../../content/schema-parts'
import { defineBlock } from '../define'

const badgesSchema = {
  title: 'Badges',
  description: 'A compact strip of credentials or client types (Trusted by…, certifications, memberships).',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Trusted By', 'Trusted by Homes and Businesses Across the Region'] },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 12,
      description: 'The badges, in display order (1 to 12): kinds of clients, certifications or memberships.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label'],
        properties: {
          label: {
            type: 'string',
            minLength: 1,
            maxLength: 80,
            description: "The badge's text: a few words (up to 80 characters).",
            examples: ['Local Businesses', 'Certified Since {{company.foundingYear}}'],
          },
          icon: {
            ...icon,
            description:
              "Optional small icon before the badge's text. The list of icon names is in docs/blocks.md#icons.",
            examples: ['briefcase', 'shield-check'],
          },
        },
      },
    },
  },
  examples: [
    {
      heading: 'Trusted By',
      items: [
        { label: 'Local Businesses', icon: 'briefcase' },
        { label: 'Families and Homeowners', icon: 'house' },
        { label: 'Fully Insured', icon: 'shield-check' },
        { label: 'Family-Owned Since {{company.foundingYear}}', icon: 'medal' },
      ],
    },
  ],
} as const

export default defineBlock(badgesSchema)

import { anchorId, heading, icon } from '../../content/schema-parts'
import { defineBlock } from '../define'

const badgesSchema = {
  title: 'Badges',
  description: 'A compact strip of credentials or client types (Trusted by…, licences, memberships).',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Trusted By', 'Trusted by Leaders Across Florida and Beyond'] },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 12,
      description: 'The badges, in display order (1 to 12): kinds of clients, licences or memberships.',
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
            examples: ['Fortune 500 Executives', 'Florida Agency License {{company.licence.agency}}'],
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
        { label: 'Fortune 500 Executives', icon: 'briefcase' },
        { label: 'High-Net-Worth Families', icon: 'crown' },
        { label: 'Florida Agency License {{company.licence.agency}}', icon: 'shield-check' },
        { label: 'Veteran-Owned Since {{company.foundingYear}}', icon: 'medal' },
      ],
    },
  ],
} as const

export default defineBlock(badgesSchema)

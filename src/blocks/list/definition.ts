import { anchorId, heading, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const listSchema = {
  title: 'List',
  description: 'A checklist or bullet list: requirements, features, areas served.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Minimum Requirements', 'What Every Visit Includes'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the list.',
      examples: ['Everyone we hire meets these standards before their first job.'],
    },
    style: {
      enum: ['check', 'bullet'],
      default: 'check',
      description: 'The mark before each item: `check` (a check mark, the default) or `bullet` (a plain dot).',
      examples: ['bullet'],
    },
    columns: {
      enum: [1, 2, 3],
      default: 2,
      description: 'How many columns on wide screens (1, 2 or 3; default 2). Phones always show one.',
      examples: [1, 3],
    },
    tone: {
      enum: ['light', 'muted'],
      default: 'light',
      description:
        'Background of the section: `light` (white, the default) or `muted` (a soft tint that sets it apart from its neighbours).',
      examples: ['muted'],
    },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 40,
      items: { type: 'string', minLength: 1, maxLength: 300 },
      description: 'The items, one `- ` line each, in display order (1 to 40, each up to 300 characters).',
      examples: [['At least 18 years old', 'Own transport']],
    },
    note: {
      type: 'string',
      maxLength: 400,
      description: 'Optional small print under the list, e.g. a licensing or eligibility note (up to 400 characters).',
      examples: ['Electrical work also requires a trade certificate.'],
    },
  },
  examples: [
    {
      heading: 'Minimum Requirements',
      intro: 'Everyone we hire meets these standards before their first job.',
      items: ['At least 18 years old', 'Right to work', 'Own transport', 'Clean background check'],
      note: 'Electrical work also requires a trade certificate.',
    },
  ],
} as const

export default defineBlock(listSchema)

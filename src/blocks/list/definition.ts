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
    heading: { ...heading, examples: ['Minimum Requirements', 'What Every Detail Includes'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the list.',
      examples: ['Every officer we field meets these standards before the first assignment.'],
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
      examples: [['At least 21 years old', 'Florida Class D security license']],
    },
    note: {
      type: 'string',
      maxLength: 400,
      description: 'Optional small print under the list, e.g. a licensing or eligibility note (up to 400 characters).',
      examples: ['Armed positions also require a Florida Class G statewide firearm license.'],
    },
  },
  examples: [
    {
      heading: 'Minimum Requirements',
      intro: 'Every officer we field meets these standards before the first assignment.',
      items: ['At least 21 years old', 'U.S. citizen', 'Florida Class D security license', 'Clean background check'],
      note: 'Armed positions also require a Florida Class G statewide firearm license.',
    },
  ],
} as const

export default defineBlock(listSchema)

import { anchorId, heading, text } from '../_shared/schema-parts'

export const listSchema = {
  title: 'List',
  description: 'A checklist or bullet list: requirements, features, areas served.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading,
    intro: text,
    style: { enum: ['check', 'bullet'], default: 'check', description: '`check` shows a check mark before each item.' },
    columns: { enum: [1, 2, 3], default: 2, description: 'Columns on wide screens.' },
    tone: { enum: ['light', 'muted'], default: 'light' },
    items: { type: 'array', minItems: 1, maxItems: 40, items: { type: 'string', minLength: 1, maxLength: 300 }, description: 'The items, in order.' },
    note: { type: 'string', maxLength: 400, description: 'A small note under the list.' },
  },
  examples: [{ heading: 'Minimum Requirements', items: ['At least 21 years old', 'U.S. citizen'] }],
} as const

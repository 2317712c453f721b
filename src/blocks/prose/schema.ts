import { anchorId, heading } from '../_shared/schema-parts'

export const proseSchema = {
  title: 'Prose',
  description: 'Running text: a story, a mission statement, an article body. Paragraphs, subheadings and bullet lists in order.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'content'],
  properties: {
    anchor: anchorId,
    heading,
    tone: { enum: ['light', 'muted'], default: 'light', description: 'Background of the section.' },
    content: {
      type: 'array',
      minItems: 1,
      description: 'The text, top to bottom. A plain entry is a paragraph; `subheading:` starts a sub-section (h3); `list:` is a bullet list.',
      items: {
        oneOf: [
          { type: 'string', minLength: 1, maxLength: 3000, description: 'A paragraph.' },
          {
            type: 'object',
            additionalProperties: false,
            required: ['subheading'],
            properties: { subheading: { type: 'string', minLength: 1, maxLength: 140 } },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['list'],
            properties: { list: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1, maxLength: 400 } } },
          },
        ],
      },
    },
  },
  examples: [{ heading: 'Our Story', content: ['Founded by veterans…', { subheading: 'Our Mission' }, { list: ['Discretion', 'Readiness'] }] }],
} as const

import { anchorId, heading, text } from '../_shared/schema-parts'

export const faqSchema = {
  title: 'FAQ',
  description: 'Questions and answers as an accordion: one answer open at a time; clicking the open one closes it.',
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
      maxItems: 20,
      description: 'The questions, in display order.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'question', 'answer'],
        properties: {
          id: { type: 'string', pattern: '^[a-z0-9-]+$', description: 'A short unique id, e.g. cost.' },
          question: { type: 'string', minLength: 1, maxLength: 200 },
          answer: { ...text, description: 'The answer. Blank lines start a new paragraph.' },
        },
      },
    },
  },
  examples: [{ heading: 'Frequently Asked Questions', items: [{ id: 'cost', question: 'How much does it cost?', answer: 'It depends on the detail.' }] }],
} as const

import type { FAQPage } from 'schema-dts'
import { anchorId, heading, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const faqSchema = {
  title: 'FAQ',
  description: 'Questions and answers as an accordion: one answer open at a time; clicking the open one closes it.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Frequently Asked Questions', 'Repairs FAQ'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the questions.',
      examples: [
        'Straight answers to the questions clients ask us most. Anything else? Call {{company.phone.display}}.',
      ],
    },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      description: 'The questions, in display order (up to 20). Each shows its question; clicking it opens the answer.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'question', 'answer'],
        properties: {
          id: {
            type: 'string',
            pattern: '^[a-z0-9-]+$',
            description:
              'A short name for this question, unique in the list, in lowercase letters, digits and dashes, e.g. cost. Visitors never see it; it ties the answer to its question.',
            examples: ['cost', 'insured'],
          },
          question: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
            description: 'The question, as a visitor would ask it (up to 200 characters).',
            examples: ['How much does a repair cost?', 'Are you insured?'],
          },
          answer: {
            ...text,
            description:
              'The answer, shown when the question is opened. Leave a blank line to start a new paragraph (up to 2000 characters).',
            examples: [
              'Prices depend on the parts, the time the job takes and how soon you need it. We always quote in writing first.',
            ],
          },
        },
      },
    },
  },
  examples: [
    {
      heading: 'Frequently Asked Questions',
      items: [
        {
          id: 'cost',
          question: 'How much does a repair cost?',
          answer:
            'It depends on the parts, the time the job takes and how soon you need it. We quote after a free visit.',
        },
        {
          id: 'insured',
          question: 'Are you insured?',
          answer: 'Yes. Every job is covered by our liability insurance; we send the certificate with every quote.',
        },
      ],
    },
  ],
} as const

export default defineBlock(faqSchema, {
  hydrate: 'interaction',
  // Two questions with one id would give two answers the same HTML id (the accordion's
  // aria-controls would point at the wrong one).
  check: ({ items }) => {
    const first = new Map<string, number>()
    return items.flatMap((item, j) => {
      const seen = first.get(item.id)
      if (seen === undefined) {
        first.set(item.id, j)
        return []
      }
      return [
        {
          at: ['items', j, 'id'],
          message: `id "${item.id}" is already used by items[${seen}] of this FAQ; each question needs its own id (e.g. a word from the question)`,
        },
      ]
    })
  },
  structuredData: ({ items }, { url }) => {
    const faqPage: FAQPage = {
      '@type': 'FAQPage',
      '@id': `${url}#faq`,
      mainEntity: items.map((f) => ({
        '@type': 'Question',
        name: f.question,
        acceptedAnswer: { '@type': 'Answer', text: f.answer },
      })),
    }
    return [faqPage]
  },
})

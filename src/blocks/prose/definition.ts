import { anchorId, heading } from '../../content/schema-parts'
import { defineBlock } from '../define'

const proseSchema = {
  title: 'Prose',
  description:
    'Running text: a story, a mission statement, an article body. Paragraphs, subheadings and bullet lists in order.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'content'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Our Story', 'Why Executive Protection Is More Than a Bodyguard'] },
    tone: {
      enum: ['light', 'muted'],
      default: 'light',
      description:
        'Background of the section: `light` (white, the default) or `muted` (a soft tint that sets it apart from its neighbours).',
      examples: ['muted'],
    },
    content: {
      type: 'array',
      minItems: 1,
      description:
        'The text, top to bottom. A plain entry is a paragraph; `subheading:` starts a sub-section (h3); `list:` is a bullet list.',
      items: {
        oneOf: [
          { type: 'string', minLength: 1, maxLength: 3000, description: 'A paragraph (up to 3000 characters).' },
          {
            type: 'object',
            additionalProperties: false,
            required: ['subheading'],
            description: 'A subheading that starts a sub-section.',
            properties: {
              subheading: {
                type: 'string',
                minLength: 1,
                maxLength: 140,
                description: 'A subheading (h3) starting a new part of the text (up to 140 characters).',
                examples: ['Our Mission', 'Planning Before the Doors Open'],
              },
            },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['list'],
            description: 'A bullet list.',
            properties: {
              list: {
                type: 'array',
                minItems: 1,
                items: { type: 'string', minLength: 1, maxLength: 400 },
                description: 'A bullet list: one `- ` line per point, each up to 400 characters.',
                examples: [['Discretion in every detail', 'Readiness around the clock']],
              },
            },
          },
        ],
      },
    },
  },
  examples: [
    {
      heading: 'Our Story',
      content: [
        'Founded by military and law-enforcement veterans, we have protected executives, families and events across Florida since {{company.foundingYear}}.',
        { subheading: 'Our Mission' },
        'To keep our clients safe without getting in the way of their lives and work.',
        {
          list: [
            'Discretion in every detail',
            'Readiness around the clock',
            'Plans built on a written threat assessment',
          ],
        },
      ],
    },
  ],
} as const

export default defineBlock(proseSchema)

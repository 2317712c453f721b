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
    heading: { ...heading, examples: ['Our Story', 'Why a Written Quote Matters'] },
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
                examples: ['Our Mission', 'Planning Before the Work Starts'],
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
                examples: [['Care in every detail', 'Readiness around the clock']],
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
        'Founded by two friends with a van and a toolbox, we have looked after homes and businesses across the region since {{company.foundingYear}}.',
        { subheading: 'Our Mission' },
        'To do careful work without getting in the way of our clients’ lives and work.',
        {
          list: ['Care in every detail', 'Help around the clock', 'Plans built on a written quote'],
        },
      ],
    },
  ],
} as const

export default defineBlock(proseSchema)

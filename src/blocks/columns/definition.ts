import { anchorId, heading } from '../../content/schema-parts'
import { defineBlock, slot } from '../define'

const columnsSchema = {
  title: 'Columns',
  description:
    'A section that sets blocks side by side on wide screens (one under the other on phones), under an optional h2 heading.',
  type: 'object',
  additionalProperties: false,
  properties: {
    anchor: anchorId,
    heading: {
      ...heading,
      description:
        "Optional heading above the columns (an h2). Without one, each column's block brings its own (up to 140 characters).",
      examples: ['Why Clients Choose Us'],
    },
  },
  examples: [
    {
      heading: 'Why Clients Choose Us',
      columns: [
        {
          type: 'prose',
          heading: 'Planned Around You',
          content: ['Every assignment starts with a written threat assessment and a plan you approve.'],
        },
        {
          type: 'picture',
          image: {
            src: '/images/team/protection-director.svg',
            alt: 'Abstract portrait illustration of the team lead',
          },
        },
      ],
    },
  ],
} as const

export default defineBlock(columnsSchema, {
  slots: {
    columns: slot({
      types: ['prose', 'list', 'quote', 'stats', 'picture', 'form'],
      max: 3,
      description: 'The blocks side by side, left to right (up to three).',
    }),
  },
})

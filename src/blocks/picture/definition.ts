import { image } from '../../content/schema-parts'
import { defineBlock } from '../define'

const pictureSchema = {
  title: 'Picture',
  description:
    "One picture with an optional caption, e.g. in a hero's `aside` slot. It has no heading, so it does not change the page's outline.",
  type: 'object',
  additionalProperties: false,
  required: ['image'],
  properties: {
    image: { ...image, description: 'The picture: its file, its text alternative and the point to keep in crops.' },
    caption: {
      type: 'string',
      maxLength: 200,
      description: 'Optional line shown under the picture (up to 200 characters).',
      examples: ['Our workshop in Springfield'],
    },
  },
  examples: [
    {
      image: {
        src: '/images/team/protection-director.svg',
        alt: 'Abstract portrait illustration of the team lead',
      },
      caption: 'Our director of protective operations',
    },
  ],
} as const

export default defineBlock(pictureSchema)

import { anchorId, heading, icon, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const statsSchema = {
  title: 'Stats',
  description: 'A row of key figures (years of experience, response time, counties served…).',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Results That Matter', 'Our Record in Numbers'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading that introduces the figures.',
      examples: ['Every figure below comes from our own client records since {{company.foundingYear}}.'],
    },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 8,
      description: 'The figures, in display order (one to eight), each with a value and a label.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'label'],
        properties: {
          value: {
            type: 'string',
            minLength: 1,
            maxLength: 24,
            description: 'The figure itself, in large type, e.g. 99.7% or 24/7 (up to 24 characters).',
            examples: ['99.7%', '500+'],
          },
          label: {
            type: 'string',
            minLength: 1,
            maxLength: 80,
            description: 'What the figure means, shown under it (up to 80 characters).',
            examples: ['Jobs finished on time', 'Homes looked after'],
          },
          icon: {
            ...icon,
            description: 'Optional icon shown above the figure. The list of icon names is in docs/blocks.md#icons.',
            examples: ['target', 'clock'],
          },
        },
      },
    },
  },
  examples: [
    {
      heading: 'Results That Matter',
      items: [
        { value: '99.7%', label: 'Jobs finished on time', icon: 'target' },
        { value: '500+', label: 'Homes looked after', icon: 'shield-check' },
        { value: '24/7', label: 'Emergency response', icon: 'clock' },
      ],
    },
  ],
} as const

export default defineBlock(statsSchema)

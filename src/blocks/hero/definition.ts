import { anchorId, heading, image, link, text } from '../../content/schema-parts'
import { defineBlock, slot } from '../define'

const heroSchema = {
  title: 'Hero',
  description: 'The opening section of a page: its only h1 heading, a short pitch and the main buttons.',
  type: 'object',
  additionalProperties: false,
  required: ['heading'],
  properties: {
    anchor: anchorId,
    eyebrow: {
      type: 'string',
      maxLength: 120,
      description:
        'Optional small line shown above the heading, e.g. a credential or "Family-Owned" (up to 120 characters).',
      examples: ['Family-Owned Since {{company.foundingYear}} · Fully Insured'],
    },
    heading: {
      ...heading,
      description:
        "The page's main heading, in the largest type (the page's only h1). Say what you offer and where; up to 140 characters.",
      examples: ['Home Repairs and Renovations You Can Rely On', 'Repairs in Springfield'],
    },
    text: {
      ...text,
      description:
        'Optional short pitch under the heading: one or two sentences on who you serve and why to trust you. Leave a blank line for a second paragraph.',
      examples: ['Careful, insured work for homes and businesses, with a written quote before we start.'],
    },
    actions: {
      type: 'array',
      maxItems: 3,
      items: link,
      description:
        'Up to three buttons under the pitch, the main action first (e.g. Request a Quote, then a phone button).',
      examples: [
        [
          { label: 'Request a Quote', href: '/contact-us' },
          { label: 'Call {{company.phone.display}}', href: 'tel:{{company.phone.tel}}', variant: 'phone' },
        ],
      ],
    },
    stats: {
      type: 'array',
      maxItems: 4,
      description: 'Optional key figures shown in a row under the buttons, up to four.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'label'],
        properties: {
          value: {
            type: 'string',
            maxLength: 20,
            description: 'The figure, shown in bold, e.g. 30+ or 24/7 (up to 20 characters).',
            examples: ['30+', '24/7'],
          },
          label: {
            type: 'string',
            maxLength: 60,
            description: 'What the figure means, shown next to it (up to 60 characters).',
            examples: ['Years of Experience', 'Emergency Response'],
          },
        },
      },
    },
    image: {
      ...image,
      description:
        'Optional picture shown in the hero. It loads before anything else on the page, so keep the file small.',
    },
  },
  examples: [
    {
      eyebrow: 'Family-Owned Since {{company.foundingYear}} · Fully Insured',
      heading: 'Home Repairs in Springfield',
      text: 'Careful, insured work for homes and businesses, planned with you and priced in writing before we start.',
      actions: [
        { label: 'Request a Quote', href: '/contact-us' },
        { label: 'Call {{company.phone.display}}', href: 'tel:{{company.phone.tel}}', variant: 'phone' },
      ],
      stats: [
        { value: '30+', label: 'Years of Experience' },
        { value: '24/7', label: 'Emergency Call-Outs' },
        { value: '12', label: 'Towns Served' },
      ],
    },
  ],
} as const

export default defineBlock(heroSchema, {
  slots: {
    aside: slot({
      types: ['form', 'picture'],
      max: 1,
      description:
        'Optional block beside the heading on wide screens (under the buttons on phones): a short form, e.g. the quote form, or a picture.',
    }),
  },
})

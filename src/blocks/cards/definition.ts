import { anchorId, heading, href, icon, image, text } from '../../content/schema-parts'
import { defineBlock } from '../define'

const cardsSchema = {
  title: 'Cards',
  description: 'A grid of cards: services, reasons to choose us, audiences served. Each card may link somewhere.',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'items'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Our Services', 'Why Choose Us'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading that introduces the cards.',
      examples: ['Every job starts with a written quote and is done by our own trained, insured staff.'],
    },
    columns: {
      enum: [2, 3, 4],
      default: 3,
      description:
        'How many cards sit side by side on wide screens (2, 3 or 4; default 3). Phones always show one per row.',
      examples: [3, 4],
    },
    stagger: {
      type: 'boolean',
      default: false,
      description:
        'Animate the cards in one after another, each (position+1)×100 ms later (off unless set to true; visitors who prefer reduced motion see no animation).',
      examples: [true],
    },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 12,
      description: 'The cards, in display order.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'text'],
        properties: {
          title: {
            type: 'string',
            minLength: 1,
            maxLength: 100,
            description: "The card's title (h3), e.g. a service name (up to 100 characters).",
            examples: ['Repairs', 'Family-Owned and Led'],
          },
          text: {
            ...text,
            maxLength: 600,
            description: "The card's text under its title: two or three sentences (up to 600 characters).",
            examples: ['Same-day repairs for homes and offices, with a written quote before any work starts.'],
          },
          icon: {
            ...icon,
            description:
              'Optional icon shown at the top of the card. The list of icon names is in docs/blocks.md#icons.',
          },
          image: {
            ...image,
            description:
              'Optional picture at the top of the card, e.g. a team portrait. It loads only when scrolled near.',
          },
          features: {
            type: 'array',
            maxItems: 8,
            items: { type: 'string', maxLength: 120 },
            description: "Optional bullet points under the card's text: up to 8, each up to 120 characters.",
            examples: [['Same-day visits', 'Parts and labour guaranteed']],
          },
          href: {
            ...href,
            description: "Optional: where the card's link goes. Without it the card has no link.",
            examples: ['/services/repairs'],
          },
          linkLabel: {
            type: 'string',
            maxLength: 40,
            description:
              "Text of the card's link, shown only when the card has an `href` (default: site.yaml's texts.cards.linkLabel in the page's language, e.g. Learn More). Screen readers also hear the card title.",
            examples: ['Learn More', 'Plan Your Project'],
          },
        },
      },
    },
  },
  examples: [
    {
      heading: 'Our Services',
      intro: 'Every job starts with a written quote and is done by our own trained, insured staff.',
      items: [
        {
          title: 'Repairs',
          text: 'Same-day repairs for homes and offices.',
          icon: 'shield',
          features: ['Same-day visits', 'Parts and labour guaranteed'],
          href: '/services/repairs',
        },
        {
          title: 'Renovations',
          text: 'Kitchens, bathrooms and whole floors, planned with you from the first sketch.',
          icon: 'calendar',
          features: ['Design and planning', 'One team from start to finish'],
          href: '/services/renovations',
          linkLabel: 'Plan Your Project',
        },
      ],
    },
  ],
} as const

export default defineBlock(cardsSchema, {
  // The words a card's link falls back on, and what screen readers hear after it, in the page's language.
  resolve: ({ items }, { index }) => {
    const { linkLabel, about } = index.site.texts.cards
    return { items: items.map((item) => ({ ...item, linkLabel: item.linkLabel ?? linkLabel })), about }
  },
  nonTextFields: ['about'],
})

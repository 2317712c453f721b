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
    heading: { ...heading, examples: ['Our Services', 'Credentials You Can Verify'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading that introduces the cards.',
      examples: [
        'Every service is planned around a written threat assessment and delivered by licensed, vetted officers.',
      ],
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
            examples: ['Executive Protection', 'Veteran-Owned and Led'],
          },
          text: {
            ...text,
            maxLength: 600,
            description: "The card's text under its title: two or three sentences (up to 600 characters).",
            examples: [
              'Armed and unarmed close protection for executives, public figures and families, planned around a written threat assessment.',
            ],
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
            examples: [['Armed and unarmed officers', 'Secure transport and advance work']],
          },
          href: {
            ...href,
            description: "Optional: where the card's link goes. Without it the card has no link.",
            examples: ['/services/executive-protection'],
          },
          linkLabel: {
            type: 'string',
            maxLength: 40,
            description:
              "Text of the card's link, shown only when the card has an `href` (default: site.yaml's texts.cards.linkLabel in the page's language, e.g. Learn More). Screen readers also hear the card title.",
            examples: ['Learn More', 'Plan Your Event'],
          },
        },
      },
    },
  },
  examples: [
    {
      heading: 'Our Services',
      intro: 'Every service is planned around a written threat assessment and delivered by licensed, vetted officers.',
      items: [
        {
          title: 'Executive Protection',
          text: 'Close protection for executives, public figures and families.',
          icon: 'shield',
          features: ['Armed and unarmed officers', 'Secure transport and advance work'],
          href: '/services/executive-protection',
        },
        {
          title: 'Event Security',
          text: 'Risk planning, access control and VIP escort for galas, conferences and private events.',
          icon: 'calendar',
          features: ['Access control and screening', 'Crowd management'],
          href: '/services/event-security',
          linkLabel: 'Plan Your Event',
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

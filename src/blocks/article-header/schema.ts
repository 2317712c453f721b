import { href } from '../_shared/schema-parts'

export const articleHeaderSchema = {
  title: 'Article header',
  description:
    "The top of an article: a back link, the category, date and reading time (from the page's `meta.article`) and the article's title as the page heading.",
  type: 'object',
  additionalProperties: false,
  required: ['heading'],
  properties: {
    heading: {
      type: 'string',
      minLength: 1,
      maxLength: 140,
      description: "The article's title, shown as the page's main heading (h1); up to 140 characters.",
      examples: ['The Event Security Checklist: What Every Organizer Should Plan For'],
    },
    backLabel: {
      type: 'string',
      maxLength: 40,
      default: 'Back to Insights',
      description: 'Text of the link back to the list of articles (default Back to Insights).',
      examples: ['Back to Insights'],
    },
    backHref: {
      ...href,
      default: '/insights',
      description: 'Where the back link goes (default /insights).',
      examples: ['/insights'],
    },
  },
  examples: [
    {
      heading: 'Executive Protection vs. Bodyguards: What Is the Difference?',
      backLabel: 'Back to Insights',
      backHref: '/insights',
    },
  ],
} as const

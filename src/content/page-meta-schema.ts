import { image } from './schema-parts'

export const pageMetaSchema = {
  title: 'Page settings',
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description'],
  description: 'What search engines and link previews show for this page.',
  properties: {
    title: {
      type: 'string',
      minLength: 10,
      maxLength: 70,
      description:
        'The page title: shown in the browser tab and as the headline of search results. The suffix from site.yaml (`seo.titleSuffix`) is added unless the title already names the brand; aim for 30–60 characters in all. Say what the page offers and where.',
      examples: ['Home Repairs and Renovations in Springfield', 'Boiler Repair Services in Riverton'],
    },
    description: {
      type: 'string',
      minLength: 50,
      maxLength: 170,
      description:
        'The search result snippet under the title, also used by link previews. Aim for 70–160 characters: what the page offers, where, and a reason to click.',
      examples: [
        'Family-owned repairs and renovations for homes and businesses across the region, with a written quote before any work starts.',
      ],
    },
    keywords: {
      type: 'array',
      items: { type: 'string', maxLength: 60 },
      maxItems: 20,
      description:
        "Optional search phrases this page is about, up to 20 (each up to 60 characters). They go into the page's keywords tag.",
      examples: [['home repairs Springfield', 'boiler repair Springfield']],
    },
    canonical: {
      type: 'string',
      pattern: '^/',
      description:
        "Only when the canonical address differs from this page's own: the address (starting with /) of the page search engines should show instead. Leave out otherwise.",
      examples: ['/services/repairs'],
    },
    ogTitle: {
      type: 'string',
      maxLength: 100,
      description:
        'Optional title for link previews (Facebook, LinkedIn, X, messaging apps), up to 100 characters. Defaults to `title`.',
      examples: ['Home Repairs in Springfield, Ready 24/7'],
    },
    ogDescription: {
      type: 'string',
      maxLength: 200,
      description: 'Optional text for link previews, up to 200 characters. Defaults to `description`.',
      examples: ['Careful, insured repairs for homes and businesses across the region.'],
    },
    ogImage: {
      type: 'string',
      pattern: '^/',
      description:
        'Optional sharing image for link previews: a path in public/ starting with /, ideally a 1200×630 PNG or JPEG. Without it, an image is generated from the page title.',
      examples: ['/images/og/repairs.png'],
    },
    ogType: {
      enum: ['website', 'article'],
      default: 'website',
      description: 'What link previews call this page: `website` (the default) or `article` for an insights article.',
      examples: ['article'],
    },
    breadcrumb: {
      type: 'string',
      maxLength: 60,
      description:
        "Label of this page in the breadcrumb trail (Home › Services › …). Without it, site.yaml's `breadcrumbLabels` or the address is used.",
      examples: ['Moving Checklist', 'Home'],
    },
    aliases: {
      type: 'array',
      uniqueItems: true,
      maxItems: 10,
      items: {
        type: 'string',
        pattern: '^/[a-z0-9][a-z0-9/-]*$',
        description: 'An old or short address, e.g. /repairs.',
      },
      description: 'Other addresses that lead here: each becomes a permanent (301) redirect to this page.',
      examples: [['/repairs']],
    },
    city: {
      type: 'string',
      maxLength: 60,
      description: 'For city pages: the city name, written exactly as in city lists, so every city list links here.',
      examples: ['Springfield', 'Riverton'],
    },
    translationOf: {
      type: 'string',
      pattern: '^/',
      description:
        'For a page in another language (a file under pages/<code>/, e.g. pages/es/): the address of the page in the default language it translates, e.g. /services/repairs. The only place a pair is written: the language switcher, the hreflang links and the sitemap follow from it.',
      examples: ['/services/repairs', '/contact-us'],
    },
    sourceHash: {
      type: 'string',
      pattern: '^[0-9a-f]{12}$',
      description:
        'Written by `npm run check -- --accept-translation <this file>`, not by hand: a fingerprint of the page this one translates, as it was when the translation was last brought up to date. When that page changes, npm run check warns that this translation may be stale.',
      examples: ['3f9a1c0b7d2e'],
    },
    noindex: {
      type: 'boolean',
      description:
        'true keeps this page out of search engines, the site search and the sitemap (e.g. a page reached only from an ad). Leave out for normal pages.',
      examples: [true],
    },
    article: {
      type: 'object',
      additionalProperties: false,
      required: ['category', 'date', 'readTime', 'excerpt', 'image', 'status'],
      description: 'Makes this page an article: listed on /insights and marked up as a blog post.',
      properties: {
        category: {
          type: 'string',
          minLength: 1,
          maxLength: 40,
          description:
            'One of the insights list categories, written exactly as its button (e.g. Events). Shown as a badge on the card and the article header.',
          examples: ['Repairs', 'Renovations'],
        },
        date: {
          type: 'string',
          format: 'date',
          description: 'Publication date, YYYY-MM-DD, in quotes. The insights list shows the newest first.',
          examples: ['2025-02-15'],
        },
        readTime: {
          type: 'string',
          pattern: '^\\d+ min$',
          description: 'Estimated reading time, written like 5 min; shown as "5 min read".',
          examples: ['5 min', '7 min'],
        },
        excerpt: {
          type: 'string',
          minLength: 20,
          maxLength: 300,
          description:
            'Shown on the article card: one or two sentences that make visitors want to read on (20–300 characters).',
          examples: [
            'From the first box to the last key handed over, the questions every household should answer before moving day.',
          ],
        },
        image: {
          ...image,
          description:
            "The article's picture, shown on its card in the insights list: its file (`src`), a text alternative (`alt`), optionally the point to keep in crops (`focus`).",
          properties: {
            ...image.properties,
            src: { ...image.properties.src, examples: ['/images/insights/moving-checklist.svg'] },
            alt: {
              ...image.properties.alt,
              examples: ['A dashed gold perimeter with four access points around a grid of dots and check marks'],
            },
          },
        },
        author: {
          type: 'string',
          maxLength: 80,
          description: 'Optional byline ("By …"). Defaults to the company team, e.g. Example Company Team.',
          examples: ['Director of Protective Operations'],
        },
        status: {
          enum: ['full', 'coming-soon'],
          description:
            '`full` for a finished article; `coming-soon` while the page holds only a short placeholder text until the article is written.',
          examples: ['full', 'coming-soon'],
        },
      },
    },
    structuredData: {
      type: 'array',
      items: { type: 'object' },
      description:
        'Advanced, rarely needed: extra JSON-LD objects (schema.org) added to the page for search engines. The site already adds the business, breadcrumbs, services and articles.',
    },
  },
} as const

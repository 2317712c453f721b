import type { BlogPosting } from 'schema-dts'
import { href } from '../../content/schema-parts'
import { fillText } from '../../content/texts'
import { formatDate } from '../_shared/format-date'
import { defineBlock } from '../define'

const articleHeaderSchema = {
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
      examples: ['The Moving Checklist: What to Plan Before the Big Day'],
    },
    backLabel: {
      type: 'string',
      maxLength: 40,
      description:
        "Text of the link back to the list of articles (default: site.yaml's texts.article.backLabel in the page's language, e.g. Back to Insights).",
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
      heading: 'Repair or Replace? How to Decide, and What It Costs',
      backLabel: 'Back to Insights',
      backHref: '/insights',
    },
  ],
} as const

export default defineBlock(articleHeaderSchema, {
  // The date, reading time and byline are written at build time, in the page's language.
  resolve: ({ backLabel }, { page, index }) => {
    const post = index.posts.find((p) => p.href === page.path)
    const texts = index.site.texts.article
    return {
      backLabel: backLabel ?? texts.backLabel,
      article: post && {
        category: post.category,
        date: post.date,
        dateLabel: formatDate(post.date, index.locale),
        readTime: fillText(texts.readTime, { time: post.readTime }),
        byline: fillText(texts.byline, { author: post.author }),
      },
    }
  },
  linkFields: ['backHref'],
  nonTextFields: ['backHref'],
  structuredData: ({ heading }, { url, meta, site }) => {
    const { article } = meta
    if (!article) return []
    const origin = site.seo.origin
    const posting: BlogPosting = {
      '@type': 'BlogPosting',
      '@id': `${url}#article`,
      headline: heading,
      description: meta.description,
      datePublished: article.date,
      image: `${origin}${article.image.src}`,
      articleSection: article.category,
      author: { '@type': 'Organization', name: article.author ?? `${site.company.name} Team`, url: `${origin}/` },
      publisher: { '@id': `${origin}/#business` },
      mainEntityOfPage: { '@id': `${url}#webpage` },
    }
    return [posting]
  },
})

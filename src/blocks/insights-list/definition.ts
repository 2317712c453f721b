import { anchorId, heading, text } from '../../content/schema-parts'
import { fillText } from '../../content/texts'
import { formatDate } from '../_shared/format-date'
import { defineBlock } from '../define'

const insightsListSchema = {
  title: 'Insights list',
  description:
    'Cards for every article page (a page with `meta.article`), newest first, with category buttons that filter the list. The chosen category is kept in the address (?category=…).',
  type: 'object',
  additionalProperties: false,
  required: ['heading', 'categories'],
  properties: {
    anchor: anchorId,
    heading: { ...heading, examples: ['Insights', 'Latest Articles'] },
    intro: {
      ...text,
      description: 'Optional paragraph under the heading, before the articles.',
      examples: ['Practical advice on repairs, renovations and upkeep from our specialists.'],
    },
    allLabel: {
      type: 'string',
      maxLength: 40,
      description:
        "Label of the first category button, the one that shows every article (default: site.yaml's texts.insights.allLabel in the page's language, e.g. All Posts).",
      examples: ['All Posts', 'All Articles'],
    },
    otherCategories: {
      type: 'object',
      additionalProperties: { type: 'string', minLength: 1, maxLength: 40 },
      description:
        "In another language's list: the category of each article it borrows from the default language (one not translated yet), as that article writes it, and the category button it belongs under here.",
      examples: [{ Repairs: 'Reparaciones', Renovations: 'Reformas' }],
    },
    categories: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 40 },
      description:
        'Category buttons, in order, each up to 40 characters. Write each exactly as articles write it in `meta.article.category`.',
      examples: [['Repairs', 'Renovations', 'Maintenance']],
    },
  },
  examples: [
    {
      heading: 'Insights',
      categories: ['Repairs', 'Renovations', 'Maintenance', 'Homes', 'Offices'],
    },
  ],
} as const

export default defineBlock(insightsListSchema, {
  hydrate: 'idle',
  // Dates and reading times are written at build time, in the page's language.
  resolve: ({ allLabel, otherCategories }, { index }) => {
    const { allLabel: defaultAll, categories, categoriesNav, count, countIn, readMore } = index.site.texts.insights
    return {
      allLabel: allLabel ?? defaultAll,
      posts: index.posts.map((post) => ({
        ...post,
        // The category of a borrowed article, named as this list names it (its badge stays in its language).
        ...(post.lang && otherCategories?.[post.category] ? { filedUnder: otherCategories[post.category] } : {}),
        dateLabel: formatDate(post.date, index.locale),
        readTime: fillText(index.site.texts.article.readTime, { time: post.readTime }),
      })),
      texts: { categories, categoriesNav, count, countIn, readMore },
      locale: index.locale,
    }
  },
  nonTextFields: ['texts', 'locale', 'otherCategories'],
})

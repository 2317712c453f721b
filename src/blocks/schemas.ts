// Block type -> JSON Schema of its props. Node-safe (no React), so the build-time
// validator and the page-schema generator read it directly; components.ts pairs each
// entry with its component.
import { articleHeaderSchema } from './article-header/schema'
import { badgesSchema } from './badges/schema'
import { cardsSchema } from './cards/schema'
import { cityListSchema } from './city-list/schema'
import { ctaSchema } from './cta/schema'
import { faqSchema } from './faq/schema'
import { formSchema } from './form/schema'
import { heroSchema } from './hero/schema'
import { insightsListSchema } from './insights-list/schema'
import { listSchema } from './list/schema'
import { proseSchema } from './prose/schema'
import { quoteSchema } from './quote/schema'
import { relatedLinksSchema } from './related-links/schema'
import { searchSchema } from './search/schema'
import { serviceCardsSchema } from './service-cards/schema'
import { statsSchema } from './stats/schema'
import { stepsSchema } from './steps/schema'
import { storySchema } from './story/schema'
import { testimonialsSchema } from './testimonials/schema'

export const blockSchemas = {
  hero: heroSchema,
  stats: statsSchema,
  cards: cardsSchema,
  faq: faqSchema,
  'city-list': cityListSchema,
  cta: ctaSchema,
  prose: proseSchema,
  list: listSchema,
  steps: stepsSchema,
  testimonials: testimonialsSchema,
  quote: quoteSchema,
  badges: badgesSchema,
  story: storySchema,
  'service-cards': serviceCardsSchema,
  'related-links': relatedLinksSchema,
  'insights-list': insightsListSchema,
  'article-header': articleHeaderSchema,
  search: searchSchema,
  form: formSchema,
} as const

// Block type -> JSON Schema of its props. Node-safe (no React), so the build-time
// validator and the page-schema generator read it directly; registry.ts pairs each
// entry with its component.
import { cardsSchema } from './cards/schema'
import { cityListSchema } from './city-list/schema'
import { ctaSchema } from './cta/schema'
import { faqSchema } from './faq/schema'
import { heroSchema } from './hero/schema'
import { statsSchema } from './stats/schema'

export const blockSchemas = {
  hero: heroSchema,
  stats: statsSchema,
  cards: cardsSchema,
  faq: faqSchema,
  'city-list': cityListSchema,
  cta: ctaSchema,
} as const

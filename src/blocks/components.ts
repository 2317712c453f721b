import type { ComponentType } from 'react'
import { ArticleHeaderBlock } from './article-header/ArticleHeaderBlock'
import { BadgesBlock } from './badges/BadgesBlock'
import { CardsBlock } from './cards/CardsBlock'
import { CityListBlock } from './city-list/CityListBlock'
import { CtaBlock } from './cta/CtaBlock'
import { FaqBlock } from './faq/FaqBlock'
import { FormBlock } from './form/FormBlock'
import { HeroBlock } from './hero/HeroBlock'
import { InsightsListBlock } from './insights-list/InsightsListBlock'
import { ListBlock } from './list/ListBlock'
import { ProseBlock } from './prose/ProseBlock'
import { QuoteBlock } from './quote/QuoteBlock'
import { RelatedLinksBlock } from './related-links/RelatedLinksBlock'
import { SearchBlock } from './search/SearchBlock'
import { ServiceCardsBlock } from './service-cards/ServiceCardsBlock'
import { StatsBlock } from './stats/StatsBlock'
import { StepsBlock } from './steps/StepsBlock'
import { StoryBlock } from './story/StoryBlock'
import { TestimonialsBlock } from './testimonials/TestimonialsBlock'
import type { BlockProps, BlockType } from './types'

// The block registry is two plain maps keyed by block type, split by where they run:
// schemas.ts (type -> JSON Schema) is read at build time, this one (type -> component) in
// the browser, so no schema text ships to visitors. The mapped type makes the compiler
// reject a block type without a component, or a component whose props do not come from
// its schema.
export const blockComponents: { [K in BlockType]: ComponentType<BlockProps<K>> } = {
  hero: HeroBlock,
  stats: StatsBlock,
  cards: CardsBlock,
  faq: FaqBlock,
  'city-list': CityListBlock,
  cta: CtaBlock,
  prose: ProseBlock,
  list: ListBlock,
  steps: StepsBlock,
  testimonials: TestimonialsBlock,
  quote: QuoteBlock,
  badges: BadgesBlock,
  story: StoryBlock,
  'service-cards': ServiceCardsBlock,
  'related-links': RelatedLinksBlock,
  'insights-list': InsightsListBlock,
  'article-header': ArticleHeaderBlock,
  search: SearchBlock,
  form: FormBlock,
}

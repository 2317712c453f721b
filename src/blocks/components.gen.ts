// Generated from the folders of src/blocks by src/engine/block-registry.ts (npm run blocks). Do not edit.

import { ArticleHeaderBlock } from './article-header/ArticleHeaderBlock'
import { BadgesBlock } from './badges/BadgesBlock'
import { CardsBlock } from './cards/CardsBlock'
import { CityListBlock } from './city-list/CityListBlock'
import { CtaBlock } from './cta/CtaBlock'
import { FaqBlock } from './faq/FaqBlock'
import { FormBlock, preload as preloadForm } from './form/FormBlock'
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
import type { BlockComponents } from './types'

export const blockComponents: BlockComponents = {
  'article-header': { component: ArticleHeaderBlock },
  badges: { component: BadgesBlock },
  cards: { component: CardsBlock },
  'city-list': { component: CityListBlock },
  cta: { component: CtaBlock },
  faq: { component: FaqBlock },
  form: { component: FormBlock, preload: preloadForm },
  hero: { component: HeroBlock },
  'insights-list': { component: InsightsListBlock },
  list: { component: ListBlock },
  prose: { component: ProseBlock },
  quote: { component: QuoteBlock },
  'related-links': { component: RelatedLinksBlock },
  search: { component: SearchBlock },
  'service-cards': { component: ServiceCardsBlock },
  stats: { component: StatsBlock },
  steps: { component: StepsBlock },
  story: { component: StoryBlock },
  testimonials: { component: TestimonialsBlock },
}

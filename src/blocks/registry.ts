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
import { blockSchemas } from './schemas'
import { SearchBlock } from './search/SearchBlock'
import { ServiceCardsBlock } from './service-cards/ServiceCardsBlock'
import { StatsBlock } from './stats/StatsBlock'
import { StepsBlock } from './steps/StepsBlock'
import { StoryBlock } from './story/StoryBlock'
import { TestimonialsBlock } from './testimonials/TestimonialsBlock'
import type { BlockProps, BlockType } from './types'

type Entry<K extends BlockType> = { schema: (typeof blockSchemas)[K]; component: ComponentType<BlockProps<K>> }

// The block registry: block type -> its schema and its component. The mapped type makes
// the compiler reject a block type without a component, or a component with the wrong props.
export const blockRegistry: { [K in BlockType]: Entry<K> } = {
  hero: { schema: blockSchemas.hero, component: HeroBlock },
  stats: { schema: blockSchemas.stats, component: StatsBlock },
  cards: { schema: blockSchemas.cards, component: CardsBlock },
  faq: { schema: blockSchemas.faq, component: FaqBlock },
  'city-list': { schema: blockSchemas['city-list'], component: CityListBlock },
  cta: { schema: blockSchemas.cta, component: CtaBlock },
  prose: { schema: blockSchemas.prose, component: ProseBlock },
  list: { schema: blockSchemas.list, component: ListBlock },
  steps: { schema: blockSchemas.steps, component: StepsBlock },
  testimonials: { schema: blockSchemas.testimonials, component: TestimonialsBlock },
  quote: { schema: blockSchemas.quote, component: QuoteBlock },
  badges: { schema: blockSchemas.badges, component: BadgesBlock },
  story: { schema: blockSchemas.story, component: StoryBlock },
  'service-cards': { schema: blockSchemas['service-cards'], component: ServiceCardsBlock },
  'related-links': { schema: blockSchemas['related-links'], component: RelatedLinksBlock },
  'insights-list': { schema: blockSchemas['insights-list'], component: InsightsListBlock },
  'article-header': { schema: blockSchemas['article-header'], component: ArticleHeaderBlock },
  search: { schema: blockSchemas.search, component: SearchBlock },
  form: { schema: blockSchemas.form, component: FormBlock },
}

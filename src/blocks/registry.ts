import type { ComponentType } from 'react'
import { blockSchemas } from './schemas'
import type { BlockProps, BlockType } from './types'
import { CardsBlock } from './cards/CardsBlock'
import { CityListBlock } from './city-list/CityListBlock'
import { CtaBlock } from './cta/CtaBlock'
import { FaqBlock } from './faq/FaqBlock'
import { HeroBlock } from './hero/HeroBlock'
import { StatsBlock } from './stats/StatsBlock'

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
}

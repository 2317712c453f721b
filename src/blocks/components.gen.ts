// Generated from the folders of src/blocks by src/engine/block-registry.ts (npm run blocks). Do not edit.

import './article-header/article-header.css'
import './badges/badges.css'
import './cards/cards.css'
import './city-list/city-list.css'
import './columns/columns.css'
import './cta/cta.css'
import './faq/faq.css'
import './hero/hero.css'
import './insights-list/insights-list.css'
import './list/list.css'
import './picture/picture.css'
import './prose/prose.css'
import './related-links/related-links.css'
import './search/search.css'
import './stats/stats.css'
import './steps/steps.css'
import './story/story.css'
import './testimonials/testimonials.css'
import type { BlockComponents } from './types'

export const blockComponents: BlockComponents = {
  'article-header': {
    load: () => import('./article-header/ArticleHeaderBlock').then((m) => ({ component: m.ArticleHeaderBlock })),
  },
  badges: {
    load: () => import('./badges/BadgesBlock').then((m) => ({ component: m.BadgesBlock })),
  },
  cards: {
    load: () => import('./cards/CardsBlock').then((m) => ({ component: m.CardsBlock })),
  },
  'city-list': {
    load: () => import('./city-list/CityListBlock').then((m) => ({ component: m.CityListBlock })),
  },
  columns: {
    load: () => import('./columns/ColumnsBlock').then((m) => ({ component: m.ColumnsBlock })),
    slots: ['columns'],
  },
  cta: {
    load: () => import('./cta/CtaBlock').then((m) => ({ component: m.CtaBlock })),
  },
  faq: {
    load: () => import('./faq/FaqBlock').then((m) => ({ component: m.FaqBlock })),
    hydrate: 'interaction',
  },
  form: {
    load: () => import('./form/FormBlock').then((m) => ({ component: m.FormBlock, preload: m.preload })),
    hydrate: 'load',
  },
  hero: {
    load: () => import('./hero/HeroBlock').then((m) => ({ component: m.HeroBlock })),
    slots: ['aside'],
  },
  'insights-list': {
    load: () => import('./insights-list/InsightsListBlock').then((m) => ({ component: m.InsightsListBlock })),
    hydrate: 'idle',
  },
  list: {
    load: () => import('./list/ListBlock').then((m) => ({ component: m.ListBlock })),
  },
  picture: {
    load: () => import('./picture/PictureBlock').then((m) => ({ component: m.PictureBlock })),
  },
  prose: {
    load: () => import('./prose/ProseBlock').then((m) => ({ component: m.ProseBlock })),
  },
  quote: {
    load: () => import('./quote/QuoteBlock').then((m) => ({ component: m.QuoteBlock })),
  },
  'related-links': {
    load: () => import('./related-links/RelatedLinksBlock').then((m) => ({ component: m.RelatedLinksBlock })),
  },
  search: {
    load: () => import('./search/SearchBlock').then((m) => ({ component: m.SearchBlock })),
    hydrate: 'idle',
  },
  'service-cards': {
    load: () => import('./service-cards/ServiceCardsBlock').then((m) => ({ component: m.ServiceCardsBlock })),
  },
  stats: {
    load: () => import('./stats/StatsBlock').then((m) => ({ component: m.StatsBlock })),
  },
  steps: {
    load: () => import('./steps/StepsBlock').then((m) => ({ component: m.StepsBlock })),
  },
  story: {
    load: () => import('./story/StoryBlock').then((m) => ({ component: m.StoryBlock })),
  },
  testimonials: {
    load: () => import('./testimonials/TestimonialsBlock').then((m) => ({ component: m.TestimonialsBlock })),
    hydrate: 'visible',
  },
}

// Generated from the folders of src/blocks by src/engine/block-registry.ts (npm run blocks). Do not edit.

import articleHeader from './article-header/definition'
import badges from './badges/definition'
import cards from './cards/definition'
import cityList from './city-list/definition'
import columns from './columns/definition'
import cta from './cta/definition'
import faq from './faq/definition'
import form from './form/definition'
import hero from './hero/definition'
import insightsList from './insights-list/definition'
import list from './list/definition'
import picture from './picture/definition'
import prose from './prose/definition'
import quote from './quote/definition'
import relatedLinks from './related-links/definition'
import search from './search/definition'
import serviceCards from './service-cards/definition'
import stats from './stats/definition'
import steps from './steps/definition'
import story from './story/definition'
import testimonials from './testimonials/definition'

export const blockDefinitions = {
  'article-header': articleHeader,
  badges: badges,
  cards: cards,
  'city-list': cityList,
  columns: columns,
  cta: cta,
  faq: faq,
  form: form,
  hero: hero,
  'insights-list': insightsList,
  list: list,
  picture: picture,
  prose: prose,
  quote: quote,
  'related-links': relatedLinks,
  search: search,
  'service-cards': serviceCards,
  stats: stats,
  steps: steps,
  story: story,
  testimonials: testimonials,
} as const

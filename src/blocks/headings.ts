// Which headings each block renders, in document order, read off the components: hero,
// article-header and search render the page's h1 (Section level={1}); every other block
// renders an h2 section heading (Section's default); card, step, FAQ, prose-subheading,
// post and service-card titles are h3. The integrity checks use this to verify that a page
// has exactly one h1 and that its headings never skip a level.
// Keep it in step with the components: the mapped type makes a new block type fail to
// compile until its headings are declared here.
import type { Block, BlockType } from './types'

export type HeadingLevel = 1 | 2 | 3

type BlockOf<K extends BlockType> = Extract<Block, { type: K }>

const h3s = (items: readonly unknown[] | undefined): HeadingLevel[] => (items ?? []).map(() => 3)

export const blockHeadingLevels: { [K in BlockType]: (block: BlockOf<K>) => HeadingLevel[] } = {
  hero: () => [1],
  'article-header': () => [1],
  search: () => [1],
  stats: () => [2],
  cards: (b) => [2, ...h3s(b.items)], // CardGrid: each card title is an h3
  faq: (b) => [2, ...h3s(b.items)], // each question is an h3 wrapping its button
  'city-list': () => [2],
  cta: () => [2],
  prose: (b) => [2, ...h3s(b.content.filter((part) => typeof part === 'object' && 'subheading' in part))],
  list: () => [2],
  steps: (b) => [2, ...h3s(b.items)],
  testimonials: () => [2],
  quote: () => [2],
  badges: () => [2],
  story: () => [2], // its label is an eyebrow paragraph, not a heading
  'service-cards': (b) => [2, ...h3s(b.services)], // services are filled in at build time
  'related-links': () => [2],
  'insights-list': (b) => [2, 3, ...h3s(b.posts)], // "Categories" h3, then one h3 per post
  form: () => [2], // the generated form groups fields in fieldsets with legends, not headings
}

/** The heading levels `block` renders, in document order. */
export function headingLevelsOf(block: Block): HeadingLevel[] {
  return (blockHeadingLevels[block.type] as (b: Block) => HeadingLevel[])(block)
}

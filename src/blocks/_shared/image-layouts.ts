// How wide each block shows its images, in one place for the blocks and for npm run check:
// `sizes` is what the browser picks a variant by (the block's CSS: the content column is
// 1200 px at most, the screen less 2rem of margins below that), `widest` the most CSS pixels
// the image is ever shown at, at whatever screen width (a photo narrower than that would be
// stretched, which npm run check refuses), `frame` the shape (width ÷ height) the block's CSS
// crops a photo to on phones (object-fit: cover): the build cuts its variants to that shape
// around the photo's focus point, so that a phone downloads no pixel it does not show.
export const imageLayouts = {
  /** hero.css: the content column's width, framed 16:9 (21:9 from 768 px, cut from the 16:9 variants). */
  hero: { sizes: '(min-width: 1232px) 1200px, calc(100vw - 2rem)', widest: 1200, frame: 16 / 9 },
  /**
   * cards.css: one column on phones (at 699 px the widest, 620 px, less the card's padding),
   * two from 700 px, `columns` from 1000 px.
   */
  cards2: {
    sizes: '(min-width: 1232px) 560px, (min-width: 700px) calc(50vw - 4.5rem), calc(100vw - 5rem)',
    widest: 620,
    frame: 3 / 2,
  },
  cards3: {
    sizes:
      '(min-width: 1232px) 360px, (min-width: 1000px) calc(33vw - 4rem), (min-width: 700px) calc(50vw - 4.5rem), calc(100vw - 5rem)',
    widest: 620,
    frame: 3 / 2,
  },
  cards4: {
    sizes:
      '(min-width: 1232px) 260px, (min-width: 1000px) calc(25vw - 4rem), (min-width: 700px) calc(50vw - 4.5rem), calc(100vw - 5rem)',
    widest: 620,
    frame: 3 / 2,
  },
  /** hero.css: a picture in the hero's `aside` slot, beside the heading from 960 px (the content column below). */
  aside: { sizes: '(min-width: 960px) 420px, calc(100vw - 2rem)', widest: 959, frame: 4 / 3 },
  /** insights-list.css: cards 280 px and wider, beside the categories from 960 px (one column below 640 px: 607 px at most). */
  post: {
    sizes: '(min-width: 960px) 460px, (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)',
    widest: 610,
    frame: 16 / 9,
  },
} as const

/** The layout an image written at `path` of a page is shown in (its block's type, or an article's card). */
export function layoutOf(path: readonly (string | number)[], blockType: string | undefined) {
  if (path[0] === 'meta' && path[1] === 'article') return imageLayouts.post
  if (blockType === 'picture' || path.includes('aside')) return imageLayouts.aside
  if (blockType === 'hero') return imageLayouts.hero
  if (blockType === 'cards' || blockType === 'service-cards') return imageLayouts.cards2
  return undefined
}

// The shared Picture (src/blocks/_shared/Picture.tsx) with and without what the build made of
// the file: a photo just uploaded and previewed on the dev server has no variants yet, and is
// shown as it is, with the same size, focus and loading; a built photo is a <picture>.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Picture } from '../../../src/blocks/_shared/Picture'
import type { Picture as PictureData } from '../../../src/content/picture'

const render = (image: PictureData, first = false) =>
  renderToString(createElement(Picture, { image, sizes: '100vw', first, className: 'card__image' }))

describe('an image field on the page', () => {
  it('without variants (a file just uploaded) is the file itself, sized and framed as written', () => {
    const html = render({
      src: '/images/new/gate.jpg',
      alt: 'A gate',
      width: 800,
      height: 600,
      focus: { x: 20, y: 30 },
    })
    expect(html).toBe(
      '<img src="/images/new/gate.jpg" alt="A gate" width="800" height="600" class="card__image" style="object-position:20% 30%" loading="lazy" decoding="async"/>',
    )
  })

  it('with variants is a <picture> sized from the file, its colour shown until it arrives', () => {
    const html = render({
      src: '/images/gate.jpg',
      alt: 'A gate',
      built: {
        width: 1600,
        height: 1200,
        color: '#334455',
        sources: [
          { type: 'image/avif', srcset: '/assets/images/gate-360.a.avif 360w' },
          { type: 'image/jpeg', srcset: '/assets/images/gate-360.b.jpg 360w' },
        ],
        src: '/assets/images/gate-360.b.jpg',
      },
    })
    expect(html).toBe(
      '<picture><source type="image/avif" srcSet="/assets/images/gate-360.a.avif 360w" sizes="100vw"/><img src="/assets/images/gate-360.b.jpg" srcSet="/assets/images/gate-360.b.jpg 360w" sizes="100vw" alt="A gate" width="1600" height="1200" class="card__image" style="background-color:#334455" loading="lazy" decoding="async"/></picture>',
    )
  })

  it('the first (a hero’s) is fetched at once, with high priority', () => {
    expect(render({ src: '/images/gate.svg', alt: 'A gate', width: 400, height: 300 }, true)).toContain(
      'loading="eager" fetchPriority="high"',
    )
  })
})

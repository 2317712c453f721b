// A copy of the site with a page of photographs, built into a folder of its own: a hero with a
// 4000×3000 phone photo that carries its GPS position, and six card photos. The photos are made
// by sharp (bench/photo-fixture.ts), not kept in the repository. The bench measures the page
// (bench/photos.ts) that the photo tests check (tests/e2e/photos-load-small-private-and-in-place.test.ts):
// it lives here, as the tests may import the bench and nothing outside tests/ imports tests/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { phonePhoto } from './photo-fixture.ts'

export const PHOTO_PAGE = '/photo-test'
export const PHOTO_PAGE_FILE = 'pages/photo-test.yaml'
export const HERO_SRC = '/images/photo-test/estate-gate.jpg'
export const CARD_SRCS = Array.from({ length: 6 }, (_, i) => `/images/photo-test/card-${i + 1}.jpg`)

export const photoPage = (heading = 'Residential Security Photographed') => `meta:
  title: Residential security in photographs
  description: A page of photographs of the estates, gates and teams we protect, for the image pipeline's tests.
  noindex: true
blocks:
  - type: hero
    heading: ${heading}
    text: Six estates, one standard of protection.
    image:
      src: ${HERO_SRC}
      alt: The iron gate of a protected estate at dusk, lit by the guard house
      focus: { x: 50, y: 40 }
  - type: cards
    heading: Estates We Protect
    columns: 3
    items:
${CARD_SRCS.map(
  (src, i) => `      - title: Estate ${i + 1}
        text: A private residence with a round-the-clock detail and perimeter patrols.
        image:
          src: ${src}
          alt: Estate ${i + 1} seen from its driveway, its gate closed
`,
).join('')}  - type: cta
    heading: Talk to us
    actions:
      - label: Contact
        href: /contact-us
`

/** Writes the photos and the page of photos into a copy of the project. */
export async function addPhotos(root: string) {
  mkdirSync(join(root, 'public/images/photo-test'), { recursive: true })
  writeFileSync(join(root, 'public', HERO_SRC), await phonePhoto())
  // 640 px: wide enough for the widest card (620 px), and few variants to encode.
  for (const [i, src] of CARD_SRCS.entries())
    writeFileSync(join(root, 'public', src), await phonePhoto({ width: 640, height: 480, hue: i * 55 }))
  // Credited, as npm run check and the build require of every photo (made here, so no one else's work).
  const credits = join(root, 'public/images/credits.yaml')
  const entries = [HERO_SRC, ...CARD_SRCS].map(
    (src) => `  - { src: ${src}, author: the tests, source: bench/photo-fixture.ts, licence: made for the tests }\n`,
  )
  writeFileSync(credits, readFileSync(credits, 'utf8').replace('photos: []\n', `photos:\n${entries.join('')}`))
  writeFileSync(join(root, PHOTO_PAGE_FILE), photoPage())
}

import { describe, expect, it } from 'vitest'
import { basePages, check, checkWithRoot, page, where } from './integrity-fixture'

const EVENTS = 'pages/services/event-security.yaml'
const withHeroImage = (src: string, alt: string, meta = '') => ({
  ...basePages(),
  'services/event-security.yaml': page({
    title: 'Event Security for Galas and Conferences',
    description:
      'Risk planning, access control, VIP escort and crowd management for galas, conferences and private events.',
    meta,
    blocks: `  - type: hero
    heading: Event Security
    image:
      src: ${src}
      alt: ${alt}
      width: 640
      height: 480
`,
  }),
})
const REAL = '/images/team/protection-director.svg'

describe('5. images', () => {
  it('an image file missing from public/, suggesting the nearest file', () => {
    const c = check(withHeroImage('/images/team/protection-directr.svg', 'Our protection director'))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, '/images/team/protection-directr.svg')} blocks[0].image.src: no file public/images/team/protection-directr.svg; did you mean ${REAL}? Otherwise add the image to public/images/team/ or fix the path`,
    ])
  })

  it('existing files pass; sharing images under /og/ are generated at build time, so they are not looked for', () => {
    expect(check(withHeroImage(REAL, 'Our protection director', '  ogImage: /og/events.png\n')).messages).toEqual([])
    expect(checkWithRoot(withHeroImage(REAL, 'Our protection director')).messages).toEqual([])
  })

  it('alt text that is only spaces', () => {
    const c = check(withHeroImage(REAL, '"  "'))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, '"  "')} blocks[0].image.alt: alt text is only spaces: describe what the image shows, or write alt: "" to mark it decorative`,
    ])
  })

  it('alt text that is a file name', () => {
    const c = check(withHeroImage(REAL, 'protection-director.svg'))
    expect(c.messages).toEqual([
      `${where(c, EVENTS, 'protection-director.svg', 'alt:')} blocks[0].image.alt: alt text "protection-director.svg" tells a screen-reader user nothing: describe what the image shows, or write alt: "" if it is decorative`,
    ])
  })

  it('an explicit empty alt marks an image decorative', () => {
    expect(check(withHeroImage(REAL, '""')).messages).toEqual([])
  })

  it('an unknown icon name is already a schema error, with the nearest name', () => {
    const pages = basePages()
    pages['index.yaml'] = pages['index.yaml'].replace(
      '  - type: cta',
      '  - type: badges\n    heading: Trusted By\n    items:\n      - { label: Executives, icon: sheild }\n  - type: cta',
    )
    const [message] = check(pages).messages
    expect(message).toMatch(/^pages\/index\.yaml:\d+:\d+ blocks\[1\]\.items\[0\]\.icon: .*"shield"/)
  })
})

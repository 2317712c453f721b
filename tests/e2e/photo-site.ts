// A copy of the site with a page of photographs, built into a folder of its own: a hero with a
// 4000×3000 phone photo that carries its GPS position, and six card photos. The photos are made
// by sharp (tests/photo-fixture.ts), not kept in the repository.
import { execFile, execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { phonePhoto } from '../photo-fixture'

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

/** Copies the project (its files as git knows them) into a new folder, with a link to node_modules. */
export function copyProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'photo-site-'))
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    try {
      cpSync(file, join(root, file))
    } catch {} // a file deleted but not yet committed
  }
  symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'))
  return root
}

/** Writes the photos and the page of photos into a copy of the project. */
export async function addPhotos(root: string) {
  mkdirSync(join(root, 'public/images/photo-test'), { recursive: true })
  writeFileSync(join(root, 'public', HERO_SRC), await phonePhoto())
  for (const [i, src] of CARD_SRCS.entries())
    writeFileSync(join(root, 'public', src), await phonePhoto({ width: 960, height: 720, hue: i * 55 }))
  writeFileSync(join(root, PHOTO_PAGE_FILE), photoPage())
}

/** `tsx scripts/build.ts` in the copy; answers what it printed. */
export async function buildIn(root: string): Promise<string> {
  const { stdout } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/build.ts'], {
    cwd: root,
    env: { ...process.env, BUILD_OUT_DIR: 'dist', BUILD_CACHE_DIR: '' },
    maxBuffer: 16 * 1024 * 1024,
  })
  return stdout
}

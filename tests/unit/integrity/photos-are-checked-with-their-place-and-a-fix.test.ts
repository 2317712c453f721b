// What npm run check says of the image files a page names (src/build/image-checks.ts) and of a
// translated page's alt text (src/engine/integrity/images.ts): each problem at the image's
// place in the YAML, with what to do; and `npm run check` itself, run in a site with every
// problem of the issue's point 3, printing each at its file:line:col.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { phonePhoto } from '../../../bench/photo-fixture'
import { TSX } from '../../../bench/project'
import { checkImageFiles } from '../../../src/build/image-checks'
import { ContentStore, loadContent } from '../../../src/engine/content-store'
import { formatProblem } from '../../../src/engine/problems'
import { fixtureSite } from '../fixture-site'

const hero = (src: string, extra = '', alt = '\n      alt: The gate of a protected estate at dusk', meta = '') => `meta:
  title: A valid page title for the tests
  description: A description that is long enough to pass the page schema minimum length rule.
${meta}blocks:
  - type: hero
    heading: A Page Heading For Tests
    image:
      src: ${src}${alt}${extra}
`

let root: string
beforeAll(async () => {
  root = fixtureSite({
    'big.yaml': hero('/images/big.jpg'),
    'huge.yaml': hero('/images/huge.jpg'),
    'small.yaml': hero('/images/small.jpg'),
    'sized.yaml': hero('/images/right.jpg', '\n      width: 1600\n      height: 1300'),
    'right.yaml': hero('/images/right.jpg', '\n      width: 1600\n      height: 1200'),
    'script.yaml': hero('/images/script.svg'),
    'remote.yaml': hero('/images/remote.svg'),
    'drawing.yaml': hero('/images/drawing.svg'),
    'uncredited.yaml': hero('/images/uncredited.jpg'),
    'animated.yaml': hero('/images/animated.gif'),
    'placeholder.yaml': hero('/images/right.jpg', '', '\n      alt: photo'),
    'no-alt.yaml': hero('/images/right.jpg', '', ''),
    'gate.yaml': hero('/images/right.jpg'),
    'es/puerta.yaml': hero('/images/right.jpg', '', undefined, '  translationOf: /gate\n'),
  })
  const images = join(root, 'public/images')
  mkdirSync(images, { recursive: true })
  const credit = (name: string) =>
    `  - { src: /images/${name}, author: A test, source: bench/photo-fixture.ts, licence: made for the tests }\n`
  writeFileSync(
    join(images, 'credits.yaml'),
    `photos:\n${['big.jpg', 'huge.jpg', 'small.jpg', 'right.jpg', 'animated.gif'].map(credit).join('')}`,
  )
  // Over 20 MB: what it holds does not matter, its size is refused before it is read.
  writeFileSync(join(images, 'big.jpg'), Buffer.alloc(21 * 1024 * 1024, 1))
  writeFileSync(join(images, 'huge.jpg'), await phonePhoto({ width: 6400, height: 200 }))
  writeFileSync(join(images, 'small.jpg'), await phonePhoto({ width: 800, height: 600 }))
  writeFileSync(join(images, 'uncredited.jpg'), await phonePhoto({ width: 1600, height: 1200 }))
  writeFileSync(join(images, 'right.jpg'), await sharp(await phonePhoto({ width: 1600, height: 1200 })).toBuffer())
  const frames = await Promise.all(
    ['#b91c1c', '#1d4ed8'].map((background) =>
      sharp({ create: { width: 1600, height: 900, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  )
  writeFileSync(
    join(images, 'animated.gif'),
    await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer(),
  )
  const svg = (inside: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n${inside}\n</svg>\n`
  writeFileSync(join(images, 'script.svg'), svg('<rect width="10" height="10"/>\n<script>alert(1)</script>'))
  writeFileSync(join(images, 'remote.svg'), svg('<image href="https://example.com/x.png" width="10" height="10"/>'))
  writeFileSync(
    join(images, 'drawing.svg'),
    svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/>'),
  )
}, 120_000)

const messagesFor = async (file: string) => {
  const content = loadContent(root)
  const parsed = content.parsed.filter((p) => p.file === `pages/${file}`)
  return (await checkImageFiles(root, parsed)).map(formatProblem)
}

describe('npm run check and the image files', () => {
  it('refuses a source over 20 MB, at its src, saying how to export it', async () => {
    expect(await messagesFor('big.yaml')).toEqual([
      'pages/big.yaml:8:12 blocks[0].image.src: public/images/big.jpg is 21.0 MB, over the 20 MB a source photo may be: export it again as a JPEG at most 4000 px on its long side (quality about 85)',
    ])
  })

  it('refuses a source over 6000 px', async () => {
    expect(await messagesFor('huge.yaml')).toEqual([
      'pages/huge.yaml:8:12 blocks[0].image.src: public/images/huge.jpg is 6400×200 px, over the 6000 px a source photo may be: resize it to at most 4000 px on its long side',
    ])
  })

  it('refuses a photo narrower than its block shows it (it would be stretched)', async () => {
    expect(await messagesFor('small.yaml')).toEqual([
      'pages/small.yaml:8:12 blocks[0].image.src: public/images/small.jpg is 800 px wide, but this block shows it up to 1200 px wide, where it would be stretched and blurred: use a photo at least 1200 px wide (2× that is sharp on phones)',
    ])
  })

  it('refuses a height written that is not the file’s, and takes one that is', async () => {
    expect(await messagesFor('sized.yaml')).toEqual([
      'pages/sized.yaml:11:15 blocks[0].image.height: height: 1300, but public/images/right.jpg is 1200 px high: remove width and height (the build reads them from the file), or write height: 1200',
    ])
    expect(await messagesFor('right.yaml')).toEqual([])
  })

  it('refuses an SVG with a script or an external reference, and takes a plain drawing', async () => {
    expect(await messagesFor('script.yaml')).toEqual([
      'pages/script.yaml:8:12 blocks[0].image.src: public/images/script.svg has a <script> on its line 3: a drawing on the site may not run code or load anything; remove it from the SVG (or export it again as a plain drawing)',
    ])
    expect(await messagesFor('remote.yaml')).toEqual([
      'pages/remote.yaml:8:12 blocks[0].image.src: public/images/remote.svg has a reference to another file or address (href not starting with #) on its line 2: a drawing on the site may not run code or load anything; remove it from the SVG (or export it again as a plain drawing)',
    ])
    expect(await messagesFor('drawing.yaml')).toEqual([])
  })
})

describe('npm run check and an animation', () => {
  it('refuses an animated GIF, saying to show one of its frames as a still image', async () => {
    expect(await messagesFor('animated.yaml')).toEqual([
      'pages/animated.yaml:8:12 blocks[0].image.src: public/images/animated.gif is an animation (2 frames): a page shows a still image, and an animated GIF weighs many times a video of it; export the frame to show as a JPEG or PNG and name that file here',
    ])
  })
})

describe('npm run check and the credits of photos', () => {
  it('refuses a photo that public/images/credits.yaml does not credit, at its src', async () => {
    expect(await messagesFor('uncredited.yaml')).toEqual([
      'pages/uncredited.yaml:8:12 blocks[0].image.src: public/images/uncredited.jpg is not in public/images/credits.yaml: add it under photos: with its author, its source and the licence it is used under (see the top of that file)',
    ])
  })
})

describe('npm run check and a translated page’s alt text', () => {
  it('refuses an alt text copied word for word from the source page, at the alt', () => {
    const file = 'pages/es/index.yaml'
    const english = 'Abstract portrait illustration of the director of protective operations'
    const spanish = 'Ilustración abstracta del director de operaciones de protección'
    const text = readFileSync(file, 'utf8')
    expect(text).toContain(spanish)
    const copied = text.replace(spanish, english)
    const problems = new ContentStore(process.cwd()).withDraft(file, copied).problems.map(formatProblem)
    const line = copied.split('\n').findIndex((l) => l.includes(english)) + 1
    const block =
      copied
        .split('\n')
        .slice(0, line)
        .filter((l) => l.startsWith('  - type:')).length - 1
    expect(problems.filter((p) => p.includes('word for word'))).toEqual([
      `${file}:${line}:16 blocks[${block}].items[0].image.alt: alt text "${english}" is word for word the one on pages/index.yaml: this page is its translation, so describe the image in this page's language`,
    ])
  })
})

describe('npm run check, run in a site with every problem of the photographs', () => {
  it('prints each at its file:line:col, with a fix, and fails', () => {
    const run = spawnSync(TSX, [join(process.cwd(), 'scripts/check.ts')], { cwd: root, encoding: 'utf8' })
    expect(run.status).toBe(1)
    const printed = run.stderr.split('\n').map((line) => line.trim())
    const expected = [
      // Over 20 MB, over 6000 px, a photo that would be upscaled.
      /^✖ pages\/big\.yaml:8:12 blocks\[0\]\.image\.src: public\/images\/big\.jpg is 21\.0 MB, over the 20 MB .*: export it again/,
      /^✖ pages\/huge\.yaml:8:12 blocks\[0\]\.image\.src: public\/images\/huge\.jpg is 6400×200 px, over the 6000 px .*: resize it/,
      /^✖ pages\/small\.yaml:8:12 blocks\[0\]\.image\.src: public\/images\/small\.jpg is 800 px wide, .* stretched .*: use a photo at least 1200 px wide/,
      // A placeholder alt, a missing alt, and on a translated page the source page's alt.
      /^✖ pages\/placeholder\.yaml:9:12 blocks\[0\]\.image\.alt: alt text "photo" tells a screen-reader user nothing: describe what the image shows/,
      /^✖ pages\/no-alt\.yaml:8:7 blocks\[0\]\.image: missing required field `alt` .*; add it here/,
      /^✖ pages\/es\/puerta\.yaml:10:12 blocks\[0\]\.image\.alt: alt text "The gate of a protected estate at dusk" is word for word the one on pages\/gate\.yaml: .* describe the image in this page's language/,
    ]
    expect(expected.filter((pattern) => !printed.some((line) => pattern.test(line)))).toEqual([])
  }, 60_000)
})

// A page of photographs, as a marketer would make it: a 4000×3000 phone photo with its GPS
// position in the hero and six photos in cards (bench/photo-site.ts builds a copy of the
// site with them). What leaves the build carries no metadata; a phone downloads a small modern
// variant of the hero, fetched first, and the card photos only near the screen; nothing moves
// while they arrive; the page is valid HTML, passes axe and fits the first round trip; the
// layout holds at 320, 375 and 1280 px in Chromium, Firefox and WebKit; a warm build after a
// text change encodes nothing; a build from the cache writes the same dist/ as the build that
// encoded every photo afresh (and drew, rendered and compressed the whole site afresh: the one
// proof, for the site and its photos, that deleting .cache/ gives the same dist/).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import exifr from 'exifr'
import { HtmlValidate } from 'html-validate'
import type { Browser, Page } from 'playwright'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPhotos, CARD_SRCS, PHOTO_PAGE, PHOTO_PAGE_FILE, photoPage } from '../../bench/photo-site'
import { type BuildResult, buildIn, copyProject } from '../../bench/project'
import {
  ENGINES,
  type Engine,
  launchPlaywright,
  missing,
  setWebKitViewport,
  startWebKitDriver,
} from '../../scripts/engines/browsers'
import { startSiteServer } from '../../server/site-server'
import { brotli } from '../../src/build/steps/compress'
import { pageFileOf } from '../../src/content/addresses'
import { migratedDatabase } from '../setup/migrated-database'

const copy = copyProject('photos')
const root = copy.dir
const dist = join(root, 'dist')
/** Where the layout screenshots go, to be looked at (never into the repository). */
const SHOTS = join(tmpdir(), 'photo-layout-screenshots')
let site: Awaited<ReturnType<typeof startSiteServer>>
let base: string
let cold: BuildResult['cache']
/** How this file's builds run: see the cold build's. */
const GENTLY = { env: { VIPS_CONCURRENCY: '1' }, priority: 10 }

beforeAll(async () => {
  await addPhotos(root)
  // The cold build encodes over a hundred variants while the other worker runs browser tests,
  // which must keep a core (two of them once waited past their limits during it): the build
  // gets one libvips thread and a lower priority. Only the build: this worker runs other files
  // after this one (vitest.config.ts, isolate: false).
  cold = (await buildIn(root, GENTLY)).cache
  site = await startSiteServer({
    distDir: dist,
    dataDir: join(root, '.data/pglite'),
    port: 0,
    host: '127.0.0.1',
    startFrom: migratedDatabase(),
  })
  const address = site.server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  mkdirSync(SHOTS, { recursive: true })
}, 900_000)
afterAll(async () => {
  await site?.close()
  copy.remove()
})

const filesUnder = (dir: string) =>
  (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).map((f) => join(dir, f))

describe('what the build writes', () => {
  it('no image in dist/ carries EXIF (GPS above all), XMP, IPTC or a comment', async () => {
    const images = filesUnder(dist).filter((f) => /\.(jpe?g|png|webp|avif|gif)$/i.test(f))
    expect(images.filter((f) => f.includes('/assets/images/')).length).toBeGreaterThan(30)
    const carrying: string[] = []
    for (const file of images) {
      const bytes = readFileSync(file)
      const meta = await sharp(bytes).metadata()
      const gps = file.endsWith('.webp') ? undefined : await exifr.gps(bytes).catch(() => undefined)
      if (meta.exif || meta.xmp || meta.iptc || meta.comments || gps) carrying.push(relative(dist, file))
    }
    expect(carrying).toEqual([])
  })

  it('the hero is a <picture> in AVIF, WebP and JPEG, preloaded and fetched first; the cards wait until near the screen', () => {
    const html = readFileSync(join(dist, pageFileOf(PHOTO_PAGE)), 'utf8')
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toMatch(
      /<link rel="preload" [^>]*as="image"[^>]*fetchPriority="high"[^>]*imageSrcSet="[^"]*\.avif 360w/i,
    )
    const pictures = html.match(/<picture>.*?<\/picture>/g) ?? []
    expect(pictures).toHaveLength(7)
    const [hero, ...cards] = pictures
    expect(hero).toMatch(/<source type="image\/avif" srcSet="[^"]+"/)
    expect(hero).toMatch(/<source type="image\/webp" srcSet="[^"]+"/)
    expect(hero).toMatch(
      /<img src="\/assets\/images\/estate-gate-1920\.[0-9a-f]{10}\.jpg" srcSet="[^"]+" sizes="[^"]+"/,
    )
    // Cut to the hero's 16:9 frame (and the cards' 3:2) around the focus point: no pixel downloaded that is not shown.
    expect(hero).toMatch(/width="4000" height="2250"/)
    expect(hero).toMatch(/loading="eager" fetchPriority="high"/)
    expect(hero).toMatch(/background-image:url\(data:image\/webp;base64,/)
    for (const card of cards) {
      expect(card).toMatch(/width="640" height="427"/)
      expect(card).toMatch(/loading="lazy" decoding="async"/)
      expect(card).toMatch(/background-color:#[0-9a-f]{6}/)
    }
  })

  it('the page is valid HTML and fits the first round trip (brotli, as hosts serve it)', async () => {
    const file = join(dist, pageFileOf(PHOTO_PAGE))
    const html = readFileSync(file, 'utf8')
    const validator = new HtmlValidate({
      extends: ['html-validate:standard', 'html-validate:document'],
      rules: { 'require-sri': 'off' },
    })
    const report = await validator.validateString(html, file)
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.message}`))).toEqual([])
    expect(brotli('index.html', html).length).toBeLessThan(14 * 1024)
  })

  it('the page shares a 1200×630 card cut from its hero photo', async () => {
    const html = readFileSync(join(dist, pageFileOf(PHOTO_PAGE)), 'utf8')
    expect(html).toContain(`og:image" content="`)
    expect(html).toMatch(/og:image" content="[^"]*\/og\/photo-test\.jpg"/)
    expect(await sharp(join(dist, 'og/photo-test.jpg')).metadata()).toMatchObject({ width: 1200, height: 630 })
  })
})

describe('a phone in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchPlaywright('chromium')
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('downloads at most 80 KB of the 4000×3000 hero at 375 px (3× pixels), as AVIF', async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      deviceScaleFactor: 3,
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    const images: { url: string; type: string; bytes: number }[] = []
    page.on('response', async (response) => {
      if (!response.url().includes('/assets/images/')) return
      const body = await response.body().catch(() => Buffer.alloc(0))
      images.push({ url: response.url(), type: response.headers()['content-type'] ?? '', bytes: body.length })
    })
    await page.goto(`${base}${PHOTO_PAGE}`)
    await page.waitForFunction(() => (document.querySelector('.hero__image') as HTMLImageElement).complete)
    const hero = images.filter((i) => i.url.includes('/estate-gate-'))
    expect(hero).toHaveLength(1)
    expect(hero[0].type).toBe('image/avif')
    expect(hero[0].bytes).toBeLessThanOrEqual(80 * 1024)
    await context.close()
  })

  it("the hero photo is the page's largest paint, not lazy, and the first load is not faded in", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, serviceWorkers: 'block' })
    const page = await context.newPage()
    // Every candidate for the largest paint, as the browser reports them.
    await page.addInitScript(() => {
      const paints: string[] = []
      ;(window as unknown as { paints: string[] }).paints = paints
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[])
          paints.push(entry.element ? `${entry.element.tagName.toLowerCase()}.${entry.element.className}` : '?')
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    await page.goto(`${base}${PHOTO_PAGE}`)
    // Until a photo is the largest paint so far (the heading's text is painted before it).
    await page.waitForFunction(() =>
      (window as unknown as { paints: string[] }).paints.some((p) => p.startsWith('img')),
    )
    const seen = await page.evaluate(() => {
      const main = document.querySelector('main')!
      return {
        lcp: (window as unknown as { paints: string[] }).paints.at(-1),
        loading: document.querySelector('.hero__image')!.getAttribute('loading'),
        main: [getComputedStyle(main).animationName, getComputedStyle(main).opacity],
      }
    })
    expect(seen).toEqual({ lcp: 'img.hero__image', loading: 'eager', main: ['none', '1'] })
    await context.close()
  })

  it('nothing moves while the photos arrive (CLS 0), and axe finds nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.addInitScript(() => {
      ;(window as unknown as { shifts: number[] }).shifts = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(`${base}${PHOTO_PAGE}`)
    await loadEveryPhoto(page)
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([])
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()
    expect(result.violations.map((v) => v.id)).toEqual([])
    await context.close()
  })
})

/** Scrolls each photo into view and waits until it has arrived. */
async function loadEveryPhoto(page: Page) {
  for (let i = 0; i < 1 + CARD_SRCS.length; i++) {
    await page.evaluate((n) => document.querySelectorAll('main picture img')[n].scrollIntoView(), i)
    await page.waitForFunction((n) => {
      const img = document.querySelectorAll('main picture img')[n] as HTMLImageElement
      return img.complete && img.naturalWidth > 0
    }, i)
  }
}

/**
 * In the page: each photo's box (the space reserved for it before it arrives), whether it has
 * arrived, and whether anything is wider than the screen.
 */
const measure = `return (() => {
  const boxes = [...document.querySelectorAll('main picture img')].map((img) => {
    const r = img.getBoundingClientRect()
    return { width: Math.round(r.width), height: Math.round(r.height), loaded: img.complete && img.naturalWidth > 0 }
  })
  return { boxes, overflow: document.documentElement.scrollWidth > innerWidth, width: innerWidth }
})()`
type Measured = { boxes: { width: number; height: number; loaded: boolean }[]; overflow: boolean; width: number }

describe.each(ENGINES)('the layout with photos in %s', (engine: Engine) => {
  const why = missing(engine)
  it.skipIf(!!why)(
    `at 320, 375 and 1280 px: photos framed in the space kept for them, nothing wider than the screen${why ? ` (${why})` : ''}`,
    async () => {
      const session = await openEngine(engine)
      try {
        for (const width of [320, 375, 1280]) {
          await session.open({ width, height: 800 }, `${base}${PHOTO_PAGE}`)
          const before = (await session.run(measure)) as Measured
          expect(before.width).toBe(width)
          expect(before.overflow).toBe(false)
          // Every photo's box is there before the photo: the hero's 16:9 (21:9 from 768 px), the cards' 3:2.
          const [hero, ...cards] = before.boxes
          expect(hero.height).toBeCloseTo(hero.width / (width >= 768 ? 21 / 9 : 16 / 9), -1)
          for (const card of cards) expect(card.height).toBeCloseTo(card.width / 1.5, -1)
          await session.run(`for (const img of document.querySelectorAll('main picture img')) img.loading = 'eager'`)
          await session.waitFor(
            `return [...document.querySelectorAll('main picture img')].every((i) => i.complete && i.naturalWidth > 0)`,
          )
          const after = (await session.run(measure)) as Measured
          expect(after.boxes.map(({ width, height }) => ({ width, height }))).toEqual(
            before.boxes.map(({ width, height }) => ({ width, height })),
          )
          writeFileSync(join(SHOTS, `${engine}-${width}-hero.png`), await session.screenshot())
          await session.run(`document.querySelector('.cards__grid').scrollIntoView()`)
          writeFileSync(join(SHOTS, `${engine}-${width}-cards.png`), await session.screenshot())
        }
      } finally {
        await session.close()
      }
    },
    240_000,
  )
})

type EngineSession = {
  open(size: { width: number; height: number }, url: string): Promise<void>
  run(script: string): Promise<unknown>
  waitFor(script: string): Promise<void>
  screenshot(): Promise<Buffer>
  close(): Promise<void>
}

/** A browser of `engine` at a given size: Chromium and Firefox through Playwright, WebKit through WebDriver. */
async function openEngine(engine: Engine): Promise<EngineSession> {
  const waitFor = async (run: (script: string) => Promise<unknown>, script: string) => {
    const deadline = Date.now() + 60_000
    // Polled in the page at each frame for up to 2 s per round trip.
    const poll = `return new Promise((done) => { const end = Date.now() + 2000; const tick = () => { const v = (() => { ${script} })(); if (v || Date.now() > end) done(!!v); else requestAnimationFrame(tick) }; tick() })`
    while (!(await run(poll))) if (Date.now() > deadline) throw new Error(`timed out waiting for ${script}`)
  }
  if (engine !== 'webkit') {
    const browser = await launchPlaywright(engine)
    let page: Page | undefined
    const run = (script: string) => page!.evaluate(`(async () => { ${script} })()`)
    return {
      async open(viewport, url) {
        await page?.context().close()
        page = await (await browser.newContext({ viewport, serviceWorkers: 'block' })).newPage()
        await page.goto(url)
      },
      run,
      waitFor: (script) => waitFor(run, script),
      screenshot: async () => page!.screenshot(),
      close: () => browser.close(),
    }
  }
  const driver = await startWebKitDriver()
  const client = await driver.newSession()
  const run = (script: string) =>
    client.executeAsyncScript(`Promise.resolve((async () => { ${script} })()).then(arguments[0])`, [])
  return {
    async open(size, url) {
      await setWebKitViewport(client, size)
      await client.navigateTo(url)
    },
    run,
    waitFor: (script) => waitFor(run, script),
    screenshot: async () => Buffer.from(await client.takeScreenshot(), 'base64'),
    async close() {
      await client.deleteSession().catch(() => {})
      await driver.close()
    },
  }
}

describe('a build without its cache', () => {
  // beforeAll's build found nothing in .cache/ (the copy starts without one): it encoded every
  // photo variant, drew every sharing image, rendered and compressed every page afresh. A build
  // now takes each from the cache. The two dist/ are the same, byte for byte: what a cache holds
  // never changes the output. The photo site is the whole site with a page of photos added, so
  // this one pair of builds proves it for the site's own pages as well as for the photos (a
  // third, cold build to compare with cost 88 s of encoding; two more builds of the project
  // itself, in a file of their own, 35 s of CPU).
  /** Every file under dist/ (not its folders), by its path in dist/. */
  const files = () =>
    readdirSync(dist, { recursive: true, withFileTypes: true }).flatMap((e) =>
      e.isFile() ? [relative(dist, join(e.parentPath, e.name))] : [],
    )
  let before: Map<string, Buffer>
  let after: string[]
  let again: BuildResult['cache']
  beforeAll(async () => {
    before = new Map(files().map((f) => [f, readFileSync(join(dist, f))] as const))
    again = (await buildIn(root, GENTLY)).cache
    after = files()
  }, 600_000)
  const differing = () => after.filter((f) => !readFileSync(join(dist, f)).equals(before.get(f)!))

  it('writes the same dist/ as a build from the cache, byte for byte, every image variant included', () => {
    expect(cold.imagesEncoded).toBeGreaterThan(0)
    expect([...before.keys()].filter((f) => f.startsWith('assets/images/')).length).toBeGreaterThan(30)
    expect(again.imagesEncoded).toBe(0)
    expect([...after].sort()).toEqual([...before.keys()].sort())
    expect(differing()).toEqual([])
  })

  // Moved here from builds-with-and-without-cache-are-identical.test.ts, which built the project
  // twice for it; every assertion kept.
  it('a build with a warm cache writes the same files, byte for byte, as a build with an empty cache', () => {
    expect(cold.sharingImagesDrawn).toBe(cold.sharingImages)
    // The second build drew and compressed nothing: it took everything from the cache.
    expect(again.sharingImagesDrawn).toBe(0)
    expect(again.filesCompressedAnew).toBe(0)
    expect([...after].sort()).toEqual([...before.keys()].sort())
    expect(differing()).toEqual([])
  })
})

describe('a warm build', () => {
  it('after a text change encodes no image, and writes the same image files', async () => {
    expect(cold.imagesEncoded).toBeGreaterThan(0)
    const before = new Map(
      filesUnder(join(dist, 'assets/images')).map((f) => [relative(dist, f), readFileSync(f)] as const),
    )
    writeFileSync(join(root, PHOTO_PAGE_FILE), photoPage('Residential Security, Photographed'))
    const warm = (await buildIn(root, GENTLY)).cache
    expect(warm.imagesEncoded).toBe(0)
    const after = filesUnder(join(dist, 'assets/images')).map((f) => relative(dist, f))
    expect(after.sort()).toEqual([...before.keys()].sort())
    const differing = after.filter((f) => !readFileSync(join(dist, f)).equals(before.get(f)!))
    expect(differing).toEqual([])
  }, 600_000)
})

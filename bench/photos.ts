/**
 * A page of photographs (issue 46): a hero with a 4000×3000 phone photo and six card photos
 * (bench/photo-site.ts, the page the browser tests use too), built in a copy of the project and
 *   - measured side by side with the same page without scripts and as a client-rendered SPA
 *     (bench/versus.ts): LCP, TBT, Performance;
 *   - audited by Lighthouse (mobile) for its images: uses-responsive-images, modern-image-formats,
 *     uses-optimized-images, unsized-images, prioritize-lcp-image, lcp-lazy-loaded, and CLS;
 *   - loaded by a 375 px phone (1× and 3× pixels) in Chromium, scrolled to its end: the bytes of
 *     images it downloads, the hero's apart.
 */
import { join } from 'node:path'
import { launchChromium } from '../scripts/engines/browsers.ts'
import { startSiteServer } from '../server/site-server.ts'
import { IMAGE_AUDITS, type RouteResult, runLighthouse } from './lighthouse.ts'
import { addPhotos, PHOTO_PAGE } from './photo-site.ts'
import { buildIn, copyProject, round } from './project.ts'
import { runVersus, type VersusRow } from './versus.ts'

type PhoneBytes = { dpr: number; heroBytes: number; heroType: string; imageBytes: number; images: number }
export type PhotosResult = {
  route: string
  buildLaps?: string
  versus: VersusRow
  runs: number
  lighthouse: Pick<RouteResult, 'scores' | 'metrics' | 'imageAudits' | 'imageAuditItems' | 'lcpElement'>
  phone: PhoneBytes[]
  seconds: number
}

/** The bytes of images a 375 px phone downloads for the page, scrolled to its end. */
async function phoneBytes(url: string, dpr: number): Promise<PhoneBytes> {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      deviceScaleFactor: dpr,
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    const images: { url: string; type: string; bytes: number }[] = []
    const pending: Promise<void>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'image' || response.url().startsWith('data:')) return
      pending.push(
        response.body().then((body) => {
          images.push({ url: response.url(), type: response.headers()['content-type'] ?? '', bytes: body.length })
        }),
      )
    })
    await page.goto(url)
    // Every photo scrolled to, and waited for.
    const count = await page.evaluate(() => document.querySelectorAll('main img').length)
    for (let i = 0; i < count; i++) {
      await page.evaluate((n) => document.querySelectorAll('main img')[n].scrollIntoView(), i)
      await page.waitForFunction((n) => (document.querySelectorAll('main img')[n] as HTMLImageElement).complete, i)
    }
    await Promise.all(pending)
    const hero = images.find((i) => i.url.includes('/estate-gate-'))
    return {
      dpr,
      heroBytes: hero?.bytes ?? 0,
      heroType: hero?.type ?? '',
      imageBytes: images.reduce((sum, i) => sum + i.bytes, 0),
      images: images.length,
    }
  } finally {
    await browser.close()
  }
}

export async function runPhotos(options: {
  runs: number
  port: number
  log: (line: string) => void
}): Promise<PhotosResult> {
  const started = performance.now()
  const copy = copyProject('photos')
  try {
    await addPhotos(copy.dir)
    const build = await buildIn(copy.dir)
    options.log(`   built with the photos: ${build.laps}`)
    const dist = join(copy.dir, 'dist')
    const versus = await runVersus({
      dist,
      work: join(copy.dir, 'bench/tmp/versus'),
      routes: [PHOTO_PAGE],
      runs: options.runs,
      port: options.port,
      log: options.log,
    })
    const server = await startSiteServer({
      distDir: dist,
      dataDir: join(copy.dir, '.data/pglite'),
      port: options.port,
      host: '127.0.0.1',
    })
    const url = `http://127.0.0.1:${options.port}`
    try {
      const audited = (await runLighthouse(url, [PHOTO_PAGE], new Set([PHOTO_PAGE]), options.log)).routes[0]
      options.log(
        `   image audits: ${IMAGE_AUDITS.map((id) => `${id} ${audited.imageAudits?.[id] ?? 'n/a'}`).join(', ')}`,
      )
      for (const [id, items] of Object.entries(audited.imageAuditItems ?? {}))
        options.log(`   ${id} found: ${items.join(', ')}`)
      const phone = [await phoneBytes(`${url}${PHOTO_PAGE}`, 1), await phoneBytes(`${url}${PHOTO_PAGE}`, 3)]
      for (const p of phone)
        options.log(
          `   375 px at ${p.dpr}×: hero ${p.heroBytes} B ${p.heroType}, all ${p.images} images ${p.imageBytes} B`,
        )
      return {
        route: PHOTO_PAGE,
        buildLaps: build.laps,
        versus: versus.rows[0],
        runs: options.runs,
        lighthouse: {
          scores: audited.scores,
          metrics: audited.metrics,
          imageAudits: audited.imageAudits,
          imageAuditItems: audited.imageAuditItems,
          lcpElement: audited.lcpElement,
        },
        phone,
        seconds: round((performance.now() - started) / 1000),
      }
    } finally {
      await server.close()
    }
  } finally {
    copy.remove()
  }
}

/** The section of bench/report.md. */
export function photosSection(r: PhotosResult): string[] {
  const { ours, limit, spa } = r.versus
  return [
    `Page ${r.route}: a 4000×3000 phone photo in the hero and six 640×480 photos in cards (bench/photo-site.ts), median of ${r.runs} interleaved run${r.runs === 1 ? '' : 's'}.`,
    '',
    '| | Perf | LCP ms | TBT ms |',
    '|---|---|---|---|',
    `| ours | ${ours.performance} | ${ours.lcpMs} | ${ours.tbtMs} |`,
    `| without scripts (limit) | ${limit.performance} | ${limit.lcpMs} | ${limit.tbtMs} |`,
    `| client-rendered SPA | ${spa.performance} | ${spa.lcpMs} | ${spa.tbtMs} |`,
    '',
    `LCP ours ÷ limit ${(ours.lcpMs / limit.lcpMs).toFixed(2)}, TBT ours − limit ${ours.tbtMs - limit.tbtMs} ms; CLS ${r.lighthouse.metrics.cls}; LCP element ${r.lighthouse.lcpElement ?? '?'}.`,
    '',
    `Lighthouse image audits (1 = passed, null = not applicable): ${IMAGE_AUDITS.map((id) => `${id} ${r.lighthouse.imageAudits?.[id] ?? 'null'}`).join(', ')}.`,
    '',
    '| 375 px phone | hero | all images |',
    '|---|---|---|',
    ...r.phone.map(
      (p) =>
        `| ${p.dpr}× pixels | ${round(p.heroBytes / 1024, 1)} KB ${p.heroType} | ${p.images} files, ${round(p.imageBytes / 1024, 1)} KB |`,
    ),
  ]
}

// npm run screenshots: a full-page PNG of every route in the built site at phone and desktop
// widths, for people to look at before a layout change is accepted. The routes are those of
// dist/sitemap.xml (what the build published), so the list never goes stale.
//
//   npm run screenshots                       # 375 and 1280 px into screenshots/
//   npm run screenshots -- --widths 320,375   # other widths
//   npm run screenshots -- --under /es        # only the routes at or under an address (one language)
//
// It prints the fixed header's height on each route and width.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright'
import { startSiteServer } from '../server/site-server.ts'

const { values } = parseArgs({
  options: {
    widths: { type: 'string', default: '375,1280' },
    out: { type: 'string', default: 'screenshots' },
    under: { type: 'string', default: '/' },
  },
})
const widths = values.widths.split(',').map(Number)
if (widths.some((w) => !Number.isInteger(w) || w < 200))
  throw new Error(`--widths takes pixel widths separated by commas, e.g. 375,1280 (got "${values.widths}")`)

const distDir = resolve('dist')
let sitemap: string
try {
  sitemap = readFileSync(join(distDir, 'sitemap.xml'), 'utf8')
} catch {
  console.error('dist/sitemap.xml is missing: run `npm run build` first.')
  process.exit(1)
}
const under = values.under.replace(/(.)\/$/, '$1')
const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
  .map((m) => new URL(m[1]).pathname)
  .filter((route) => under === '/' || route === under || route.startsWith(`${under}/`))

const outDir = resolve(values.out)
mkdirSync(outDir, { recursive: true })
const dataRoot = mkdtempSync(join(tmpdir(), 'screenshots-'))
const site = await startSiteServer({ distDir, dataDir: join(dataRoot, 'pglite'), port: 0, host: '127.0.0.1' })
const address = site.server.address()
const port = typeof address === 'object' && address ? address.port : 0
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})

try {
  for (const width of widths) {
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${port}`,
      viewport: { width, height: width < 700 ? 800 : 900 },
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    for (const route of routes) {
      await page.goto(route)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      const headerHeight = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().height)
      const name = route === '/' ? 'home' : route.slice(1).replaceAll('/', '_')
      const file = join(outDir, `${width}_${name}.png`)
      await page.screenshot({ path: file, fullPage: true })
      console.log(`${width} px  header ${headerHeight} px  ${route}  ->  ${file}`)
    }
    await context.close()
  }
} finally {
  await browser.close()
  await site.close()
  rmSync(dataRoot, { recursive: true, force: true })
}

// Issue 8's acceptance test: a marketer scaffolds a new city page, builds, and finds the page,
// its sitemap entry, its search result and its link in the Florida page's city list; then a
// typo in the YAML makes the build fail with the file, the line and the fix. Runs on a copy of
// the project, so the real pages/ and dist/ are never touched.
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyBuildCaches } from '../../bench/project'
import { startSiteServer } from '../../server/site-server'
import { migratedDatabase } from '../setup/migrated-database'
import { launchBrowser, waitForHydration } from './browser'

const SKIP = new Set(['node_modules', 'dist', '.data', '.cache', '.git', 'test-results'])
const PAGE = 'pages/naples-security-services.yaml'
const ADDRESS = '/naples-security-services'

let project: string
let dataRoot: string
let scaffoldOutput: string
let site: Awaited<ReturnType<typeof startSiteServer>>
let baseURL: string
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

const tsx = (args: string[]) =>
  spawnSync(join(project, 'node_modules/.bin/tsx'), args, {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: 300_000,
  })

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'scaffold-e2e-'))
  for (const entry of readdirSync('.')) {
    if (!SKIP.has(entry))
      cpSync(entry, join(project, entry), { recursive: true, filter: (src) => !src.includes('/node_modules/') })
  }
  symlinkSync(resolve('node_modules'), join(project, 'node_modules'), 'dir')
  // The build caches a checkout has after a build: the build below redoes only what the new page changed.
  copyBuildCaches(project)

  scaffoldOutput = execFileSync(join(project, 'node_modules/.bin/tsx'), ['scripts/new-page.ts', 'city', 'Naples'], {
    cwd: project,
    encoding: 'utf8',
  })
  const build = tsx(['scripts/build.ts'])
  if (build.status !== 0) throw new Error(`the build of the scaffolded site failed:\n${build.stdout}\n${build.stderr}`)

  dataRoot = mkdtempSync(join(tmpdir(), 'scaffold-e2e-data-'))
  const port = await freePort()
  site = await startSiteServer({
    distDir: join(project, 'dist'),
    dataDir: join(dataRoot, 'pglite'),
    startFrom: migratedDatabase(),
    port,
    host: '127.0.0.1',
  })
  baseURL = `http://127.0.0.1:${port}`
  browser = await launchBrowser()
  context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  if (project) rmSync(project, { recursive: true, force: true })
  if (dataRoot) rmSync(dataRoot, { recursive: true, force: true })
})

const hydrated = async (path: string) => {
  const response = await page.goto(path)
  await waitForHydration(page)
  return response
}

describe('a city page made with npm run new', () => {
  it('the scaffold says what it made and what to edit next', () => {
    expect(scaffoldOutput).toContain(`Created ${PAGE}: the page ${ADDRESS}`)
    expect(scaffoldOutput).toContain('pages/florida-security-services.yaml already lists "Naples"')
    expect(scaffoldOutput).toContain('rewrite the lines marked EDIT')
  })

  it('is a page of the built site, with its breadcrumb', async () => {
    const response = await hydrated(ADDRESS)
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1').allTextContents()).resolves.toEqual([
      'Naples Security Services and Executive Protection',
    ])
    await expect(page.title()).resolves.toContain('Naples Security Services')
    await expect(page.locator('nav[aria-label="Breadcrumb"] li').last().textContent()).resolves.toContain('Naples')
    // Site facts were filled in from site.yaml.
    await expect(page.locator('main a[href="tel:+14075550142"]').count()).resolves.toBeGreaterThan(0)
    expect(pageErrors).toEqual([])
  })

  it('is in the sitemap', () => {
    const sitemap = readFileSync(join(project, 'dist/sitemap.xml'), 'utf8')
    expect(sitemap).toContain(`${ADDRESS}</loc>`)
  })

  it('is found by the site search', async () => {
    await hydrated('/search?q=Naples')
    const result = page.locator(`.search__results a[href="${ADDRESS}"]`)
    await result.waitFor({ timeout: 10_000 })
    await expect(result.textContent()).resolves.toContain('Naples')
  })

  it("is linked from the Florida page's city list", async () => {
    await hydrated('/florida-security-services')
    const link = page.locator('section.city-list a', { hasText: /^Naples$/ })
    await expect(link.getAttribute('href')).resolves.toBe(ADDRESS)
    await link.click()
    // Wait for the new page itself (its h1), not for the address: the URL changes first.
    await page.getByRole('heading', { level: 1, name: /Naples/ }).waitFor()
    expect(new URL(page.url()).pathname).toBe(ADDRESS)
  })

  it('the production build has no block catalogue (it exists only in npm run dev)', () => {
    const dist = join(project, 'dist')
    for (const path of [
      '_blocks.html',
      'blocks-catalogue.html',
      '_blocks',
      'blocks-catalogue',
      '_data/_blocks.json',
      '_data/blocks-catalogue.json',
    ]) {
      expect(existsSync(join(dist, path)), path).toBe(false)
    }
    expect(readFileSync(join(dist, 'search-index.json'), 'utf8')).not.toContain('Block catalogue')
    expect(readFileSync(join(dist, 'sitemap.xml'), 'utf8')).not.toMatch(/_blocks|blocks-catalogue/)
  })
})

describe('a typo in the YAML', () => {
  it('fails the build with the file, the line and the fix', () => {
    const file = join(project, PAGE)
    const text = readFileSync(file, 'utf8')
    const line = text.split('\n').indexOf('  - type: hero') + 1
    expect(line).toBeGreaterThan(0)
    writeFileSync(file, text.replace('  - type: hero', '  - type: heor'))
    const build = tsx(['scripts/build.ts'])
    const output = `${build.stdout}\n${build.stderr}`
    expect(build.status, output).not.toBe(0)
    expect(output).toContain(`${PAGE}:${line}:11 blocks[0].type: unknown block type "heor"; did you mean "hero"?`)
    // …with the lines around it.
    expect(output).toContain(`> ${line} |   - type: heor`)
  }, 300_000)
})

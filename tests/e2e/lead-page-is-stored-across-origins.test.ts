// Where a lead came from, when the functions are on another origin than the site (as hosted:
// the site on its domain, the functions on Supabase's). The browser then cuts the Referer to the
// site's origin, so the page travels in the submission itself and is stored with the lead.
// The site is built here against a backend on its own port, and served from another.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyBuildCaches } from '../../bench/project'
import { createLocalBackend } from '../../server/local-backend'
import { openLocalDatabase } from '../../server/local-database'
import { remoteAddressOf, sendFetchResponse, toFetchRequest } from '../../server/node-fetch-adapter'
import { startSiteServer } from '../../server/site-server'
import { migratedDatabase } from '../setup/migrated-database'
import { launchBrowser, openPage } from './browser'
import { fillContact, toast, turnToForm, unique } from './form-helpers'

const root = mkdtempSync(join(tmpdir(), 'cross-origin-'))
const distDir = join(root, 'dist')
const dataDir = join(root, 'pglite')
let functions: Server
let site: Awaited<ReturnType<typeof startSiteServer>> | undefined
let backend: Awaited<ReturnType<typeof createLocalBackend>> | undefined
let browser: Browser
let siteURL = ''

const portOf = (server: Server) => {
  const address = server.address()
  return typeof address === 'object' && address ? address.port : 0
}

beforeAll(async () => {
  // The functions' port first: the build writes it into the bundle as VITE_SUPABASE_URL.
  functions = createServer((req, res) => {
    if (!backend) return void res.writeHead(503).end()
    void backend.handle(toFetchRequest(req), remoteAddressOf(req)).then((response) => sendFetchResponse(res, response))
  })
  await new Promise<void>((resolve) => functions.listen(0, '127.0.0.1', resolve))
  const functionsURL = `http://127.0.0.1:${portOf(functions)}`
  const env = { ...process.env, VITE_SUPABASE_URL: functionsURL, VITE_SUPABASE_ANON_KEY: 'local-anon-key' }
  // With a copy of the project's build caches, not the project's own: this build (another
  // bundle, so other pages) would otherwise leave in .cache/ only what it made, and the builds of
  // the project's copies made after it (the editor's, the scaffold's) would start cold.
  copyBuildCaches(root)
  await promisify(execFile)('npx', ['tsx', 'scripts/build.ts'], {
    env: { ...env, BUILD_OUT_DIR: distDir, BUILD_CACHE_DIR: join(root, '.cache') },
  })
  // The site on "localhost", the functions on "127.0.0.1": two origins, as in production.
  site = await startSiteServer({
    distDir,
    dataDir: join(root, 'site-data'),
    port: 0,
    host: '127.0.0.1',
    env,
    startFrom: migratedDatabase(),
  })
  siteURL = `http://localhost:${portOf(site.server)}`
  backend = await createLocalBackend({ dataDir, env: { ...process.env, ALLOWED_ORIGINS: siteURL } })
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await new Promise((resolve) => functions?.close(resolve))
  await backend?.close()
  rmSync(root, { recursive: true, force: true })
})

describe('a lead sent to functions on another origin', () => {
  it('is stored with the page it was sent from', async () => {
    const { page } = await openPage(browser, { baseURL: siteURL })
    const referers: (string | undefined)[] = []
    page.on('request', (request) => {
      if (request.url().startsWith('http://127.0.0.1') && request.method() === 'POST')
        referers.push(request.headers().referer)
    })
    await page.goto('/contact-us')
    await turnToForm(page)
    const name = `Far Lead ${unique()}`
    await fillContact(page, name)
    await page.getByRole('button', { name: 'Request Consultation' }).click()
    await toast(page).waitFor({ timeout: 15_000 })
    await expect(toast(page).textContent()).resolves.toContain('Message Received')
    // What the browser itself sent: the Referer names no page.
    expect(referers.at(-1)).toBe(`${siteURL}/`)

    await backend?.close()
    backend = undefined
    const db = await openLocalDatabase(dataDir)
    try {
      const { rows } = await db.query<{ page: string }>('select page from leads where name = $1', [name])
      expect(rows).toEqual([{ page: '/contact-us' }])
    } finally {
      await db.close()
    }
  })
})

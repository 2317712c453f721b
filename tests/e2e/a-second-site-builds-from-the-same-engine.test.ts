// Issue 58 §6: a second site from the same engine. examples/bakery, a bakery in French and German
// with its own order form and link sets, is checked and built by the engine's own scripts run in
// its folder (as `npm run site -- examples/bakery` runs them), and served with its local backend:
// every page loads in its language, passes axe and html-validate, and the order form, refused
// while it has neither a phone number nor an e-mail address (its conditional rule), is stored;
// its function words its refusals in the site's languages.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { HtmlValidate } from 'html-validate'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSiteForms } from '../../server/site-forms'
import { startSiteServer } from '../../server/site-server'
import { pageFileOf } from '../../src/content/addresses'
import { migratedDatabase } from '../setup/migrated-database'
import { violationLines } from './axe'
import { gotoHydrated, launchBrowser, layOutEverySection, openPage } from './browser'
import { toast, turnToForm } from './form-helpers'

const SITE = resolve('examples/bakery')
const PAGES: Record<string, 'fr' | 'de'> = {
  '/': 'fr',
  '/notre-maison': 'fr',
  '/commander': 'fr',
  '/commander/thank-you': 'fr',
  '/de': 'de',
  '/de/ueber-uns': 'de',
  '/de/bestellen': 'de',
  '/de/bestellen/danke': 'de',
}

/** One of the engine's scripts, run in the site's folder: the site is the working folder. */
const engineScript = (script: string, env: Record<string, string> = {}) =>
  spawnSync(resolve('node_modules/.bin/tsx'), [resolve('scripts', script)], {
    cwd: SITE,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    timeout: 240_000,
  })

let work: string
let dist: string
let checked: ReturnType<typeof engineScript>
let built: ReturnType<typeof engineScript>
let site: Awaited<ReturnType<typeof startSiteServer>> | undefined
let base: string
let browser: Browser

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'second-site-'))
  dist = join(work, 'dist')
  checked = engineScript('check.ts')
  built = engineScript('build.ts', { BUILD_OUT_DIR: dist })
  if (built.status !== 0) return
  const { forms } = await loadSiteForms(SITE)
  site = await startSiteServer({
    distDir: dist,
    dataDir: join(work, 'pglite'),
    port: 0,
    host: '127.0.0.1',
    env: { ...process.env, RATE_LIMIT_MAX: '0' },
    startFrom: migratedDatabase(),
    forms,
  })
  const address = site.server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  browser = await launchBrowser()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a second site from the same engine', () => {
  it('is checked and built by the engine, with none of the first site in it', () => {
    expect(checked.status, checked.stderr + checked.stdout).toBe(0)
    expect(built.status, built.stderr + built.stdout).toBe(0)
    expect(built.stdout).toMatch(/Built 9 pages/)
    for (const path of Object.keys(PAGES)) {
      const html = readFileSync(join(dist, pageFileOf(path)), 'utf8')
      expect(html, path).not.toMatch(/Sentinel|Florida|security/i)
    }
  })

  it('has valid HTML on every page (html-validate)', async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:standard', 'html-validate:document'],
      rules: { 'require-sri': 'off' },
    })
    const errors: string[] = []
    for (const path of [...Object.keys(PAGES), '/404']) {
      const file = join(dist, pageFileOf(path))
      const report = await validator.validateString(readFileSync(file, 'utf8'), file)
      for (const r of report.results)
        for (const m of r.messages) if (m.severity === 2) errors.push(`${path} ${m.line}:${m.column} ${m.message}`)
    }
    expect(errors).toEqual([])
  })

  it('serves every page in its language, with no axe violation', async () => {
    const { page } = await openPage(browser, { baseURL: base, reducedMotion: 'reduce' })
    for (const [path, lang] of Object.entries(PAGES)) {
      const response = await gotoHydrated(page, path)
      expect(response?.status(), path).toBe(200)
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang)
      await layOutEverySection(page)
      expect(await violationLines(page), path).toEqual([])
    }
  })

  it('refuses the order without a phone or an e-mail, in German, then stores it', async () => {
    const { page } = await openPage(browser, { baseURL: base, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/de/bestellen')
    await turnToForm(page)
    await page.getByLabel('Ihr Name').fill('Lena Müller')
    await page.getByRole('textbox', { name: 'Ihre Bestellung' }).fill('Ein Gugelhupf für acht, Samstagmorgen')
    await page.getByRole('button', { name: 'Bestellung senden' }).click()
    const atLeastOne = 'Geben Sie mindestens eine dieser Angaben an: Telefon, E-Mail-Adresse.'
    await expect(page.getByText(atLeastOne).first().waitFor()).resolves.toBeUndefined()
    expect(await violationLines(page)).toEqual([])

    await page.getByLabel('E-Mail-Adresse').fill('lena@example.com')
    await page.getByRole('button', { name: 'Bestellung senden' }).click()
    await toast(page).waitFor()
    await expect(toast(page).textContent()).resolves.toContain('Bestellung erhalten')
    const stored = await site!.backend.db.query<{ form: string; locale: string; email: string; page: string }>(
      "select form, locale, email, page from leads where name = 'Lena Müller'",
    )
    expect(stored.rows).toEqual([{ form: 'order', locale: 'de', email: 'lena@example.com', page: '/de/bestellen' }])
  })

  it("words the function's refusal in the submission's language, with the site's sentences", async () => {
    const response = await fetch(`${base}/functions/v1/submit-order`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ name: 'Jean', message: 'Un kouglof', idempotencyKey: crypto.randomUUID(), locale: 'fr' }),
    })
    expect(response.status).toBe(400)
    const message = "Donnez au moins l'un de ces moyens de vous joindre : Téléphone, Adresse e-mail."
    await expect(response.json()).resolves.toMatchObject({
      fields: [
        { path: '/phone', message },
        { path: '/email', message },
      ],
    })
  })
})

// The measurement as a visitor meets it: a paid-search visit lands on the Orlando page, goes on to
// the contact page without a reload, taps the phone number and sends the form. The lead knows
// where the visit came from, the results count the entry, the call and the lead for the Orlando
// page, the field speed arrives once the page is hidden, and nothing is left behind: no cookie, no
// storage key, no column that could tell a visitor apart. With Global Privacy Control the same
// visit sends nothing to the collect function, and the lead keeps only its form's page.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSiteServer } from '../../server/site-server'
import type { Results } from '../../supabase/functions/_shared/measurement/results'
import { migratedDatabase } from '../setup/migrated-database'
import { launchBrowser, openPage, ROUTER_SCROLL_KEY, switchTabAwayAndBack, waitForHydration } from './browser'
import { fillContact, toast, turnToForm, unique } from './form-helpers'

const root = mkdtempSync(join(tmpdir(), 'measurement-'))
const dataDir = join(root, 'pglite')
let site: Awaited<ReturnType<typeof startSiteServer>>
let browser: Browser
let siteURL = ''

// Headless Chromium names itself HeadlessChrome, which the function drops as a bot: a visitor's browser does not.
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36'
const LANDING = '/orlando-security-services?utm_source=google&utm_medium=cpc&utm_campaign=fall'

beforeAll(async () => {
  site = await startSiteServer({
    distDir: resolve('dist'),
    dataDir,
    port: 0,
    host: '127.0.0.1',
    startFrom: migratedDatabase(),
  })
  const address = site.server.address()
  siteURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  rmSync(root, { recursive: true, force: true })
})

const run = promisify(execFile)
const query = <T>(sql: string) => site.backend.db.query<T>(sql).then((result) => result.rows)

/** The visit of the acceptance: returns the page once the form is sent, the counted events still in memory. */
async function visit(page: Page, name: string) {
  // Arriving from the search engine's results page.
  await page.goto(LANDING, { referer: 'https://www.google.com/' })
  await waitForHydration(page)
  await page.waitForFunction(() => document.documentElement.dataset.measure !== undefined)
  await page.evaluate(() => {
    ;(window as Window & { sameDocument?: boolean }).sameDocument = true
    // The phone app is not the test's: the tap is seen by the page, nothing is dialled.
    document.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault()
    })
  })
  await page.locator('main a[href="/contact-us"]').first().click()
  await page.waitForURL('**/contact-us')
  await page.getByRole('heading', { level: 1 }).waitFor()
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true)
  await page.locator('a[href^="tel:"]:visible').first().click()
  await turnToForm(page)
  await fillContact(page, name)
  // What the functions answered, and when: said if the toast does not come (a fresh clone's run
  // once passed the test's limit waiting for it, with no clue where the time went).
  const started = Date.now()
  const answers: string[] = []
  page.on('requestfinished', async (request) => {
    if (!request.url().includes('/functions/v1/')) return
    const status = (await request.response())?.status()
    answers.push(`${new URL(request.url()).pathname} ${status} at ${Date.now() - started} ms`)
  })
  page.on('requestfailed', (request) => answers.push(`${request.url()} failed: ${request.failure()?.errorText}`))
  await page.getByRole('button', { name: 'Request Consultation' }).click()
  // The machine may be busy: the toast is waited for as long as the test's limit allows. In the
  // full run the other worker may be encoding the photo site's images at that moment.
  await toast(page)
    .waitFor({ timeout: 120_000 })
    .catch((error: Error) => {
      throw new Error(`${error.message}\nThe functions answered: ${answers.join('; ') || 'nothing'}`)
    })
  await expect(toast(page).textContent()).resolves.toContain('Message Received')
}

async function waitForRows(sql: string, atLeast: number) {
  await expect
    .poll(async () => Number((await query<{ n: number }>(sql))[0].n), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(atLeast)
}

describe('a paid-search visit from Orlando to a lead', () => {
  it('is attributed, counted, measured and leaves nothing behind', async () => {
    const { page, context } = await openPage(browser, {
      baseURL: siteURL,
      userAgent: USER_AGENT,
      viewport: { width: 390, height: 844 },
    })
    const name = `Orlando Lead ${unique()}`
    await visit(page, name)
    expect(await page.evaluate(() => document.documentElement.dataset.measure)).toBe('on')
    await switchTabAwayAndBack(page)
    await waitForRows("select count(*) as n from measure_events where kind = 'sent'", 1)
    await waitForRows("select count(*) as n from measure_events where kind = 'vital'", 3)

    // The stored lead.
    const [lead] = await query<Record<string, unknown>>(
      `select page, landing_page, channel, referrer_host, utm_source, utm_medium, utm_campaign from leads where name = '${name}'`,
    )
    expect(lead).toEqual({
      page: '/contact-us',
      landing_page: '/orlando-security-services',
      channel: 'paid-search',
      referrer_host: 'www.google.com',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'fall',
    })

    // The results, as `npm run results` gives them.
    // Not synchronous: this process's own site server keeps answering meanwhile, and a run that
    // does not end is said as such (a fresh clone's run once passed the test's limit unexplained).
    const { stdout: out } = await run('npm', ['run', '--silent', 'results', '--', '--json', '--data-dir', dataDir], {
      encoding: 'utf8',
      timeout: 90_000,
    })
    const results = JSON.parse(out.slice(out.indexOf('{'))) as Results
    const orlando = results.pages.find((p) => p.page === '/orlando-security-services')
    expect(orlando).toMatchObject({ entries: 1, views: 1, calls: 1, leads: 1, formsStarted: 1, conversionRate: 2 })
    expect(results.pages.find((p) => p.page === '/contact-us')).toMatchObject({ entries: 0, views: 1, calls: 0 })
    expect(results.choices).toMatchObject({ channels: ['paid-search'], campaigns: ['fall'] })

    // The field speed: the page load's own vitals, for the Orlando page on a phone.
    const vitals = await query<{ metric: string; page: string; device: string }>(
      "select metric, page, device from measure_events where kind = 'vital' order by metric",
    )
    expect(vitals.map((v) => v.metric)).toEqual(expect.arrayContaining(['FCP', 'LCP', 'TTFB']))
    for (const v of vitals) expect(v).toMatchObject({ page: '/orlando-security-services', device: 'mobile' })
    expect(results.vitals.find((v) => v.metric === 'LCP')).toMatchObject({
      page: '/orlando-security-services',
      samples: 1,
    })

    // Nothing left on the device.
    expect(await page.evaluate(() => document.cookie)).toBe('')
    expect(await context.cookies()).toEqual([])
    // Session storage may hold the router's scroll positions (for Back; the privacy page says so),
    // written when the page scrolls: nothing else, and nothing of the counting.
    const [local, session] = await page.evaluate(() => [Object.keys(localStorage), Object.keys(sessionStorage)])
    expect(local).toEqual([])
    expect(session.filter((key) => key !== ROUTER_SCROLL_KEY)).toEqual([])
    expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0)

    // Nothing that identifies a visitor in any measurement table: its columns are these, and no
    // value of any column looks like an address, a user-agent string or an identifier.
    const columns = await query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
       where table_name in ('measure_events', 'measure_daily') order by table_name, ordinal_position`,
    )
    const dimensions = ['day', 'kind', 'page', 'locale', 'device', 'entry', 'landing_page', 'channel', 'referrer_host']
    const campaign = ['utm_source', 'utm_medium', 'utm_campaign', 'form', 'step']
    expect(
      columns
        .filter((c) => c.table_name === 'measure_events')
        .map((c) => c.column_name)
        .sort(),
    ).toEqual([...dimensions, ...campaign, 'metric', 'value', 'element'].sort())
    expect(
      columns
        .filter((c) => c.table_name === 'measure_daily')
        .map((c) => c.column_name)
        .sort(),
    ).toEqual([...dimensions, ...campaign, 'events'].sort())
    const rows = [
      ...(await query<{ row: Record<string, unknown> }>('select to_jsonb(e) as row from measure_events e')),
      ...(await query<{ row: Record<string, unknown> }>('select to_jsonb(d) as row from measure_daily d')),
    ]
    expect(rows.length).toBeGreaterThan(5)
    const identifying = [
      /\b\d{1,3}(\.\d{1,3}){3}\b/, // IPv4
      /\b[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}\b/i, // IPv6
      /mozilla|applewebkit|chrome\/|android/i, // a user-agent string
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i, // a UUID
      /\b[0-9a-f]{16,}\b/i, // a hash
      /[?&=]/, // a query string
    ]
    for (const { row } of rows) {
      for (const [column, value] of Object.entries(row)) {
        for (const pattern of identifying) expect(`${column}: ${String(value)}`).not.toMatch(pattern)
      }
    }
    await context.close()
  })

  it('with Global Privacy Control, sends nothing to the function and stores only the form page', async () => {
    const { page, context } = await openPage(browser, {
      baseURL: siteURL,
      userAgent: USER_AGENT,
      extraHTTPHeaders: { 'Sec-GPC': '1' },
    })
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { configurable: true, get: () => true })
    })
    const collected: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/functions/v1/collect')) collected.push(request.url())
    })
    const before = Number((await query<{ n: number }>('select count(*) as n from measure_events'))[0].n)
    const name = `Private Lead ${unique()}`
    await visit(page, name)
    expect(await page.evaluate(() => document.documentElement.dataset.measure)).toBe('off')
    await switchTabAwayAndBack(page)
    // A beacon sent after the hide reaches the server after anything the hide would have sent.
    const sentinel = page.waitForRequest('**/after-hide')
    await page.evaluate(() => navigator.sendBeacon('/after-hide', ''))
    await sentinel
    expect(collected).toEqual([])
    expect(Number((await query<{ n: number }>('select count(*) as n from measure_events'))[0].n)).toBe(before)
    const [lead] = await query<Record<string, unknown>>(
      `select page, landing_page, channel, referrer_host, utm_campaign from leads where name = '${name}'`,
    )
    expect(lead).toEqual({
      page: '/contact-us',
      landing_page: null,
      channel: null,
      referrer_host: null,
      utm_campaign: null,
    })
    await context.close()
  })

  it('is counted by code of at most 2 KB (gzip), loaded only once the app has started', async () => {
    const { page } = await openPage(browser, { baseURL: siteURL, userAgent: USER_AGENT })
    await page.addInitScript(() => {
      document.addEventListener('app:ready', () => {
        ;(window as Window & { appReadyAt?: number }).appReadyAt = performance.now()
      })
    })
    await page.goto('/orlando-security-services')
    await page.waitForFunction(() => document.documentElement.dataset.measure === 'on')
    const { loaded, appReadyAt } = await page.evaluate(() => ({
      loaded: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      appReadyAt: (window as Window & { appReadyAt?: number }).appReadyAt ?? Number.POSITIVE_INFINITY,
    }))
    const code = (path: string) => readFileSync(join('dist', path), 'utf8')
    // The counting code: the chunk that names the function, and what it imports that the app had not loaded.
    const counter = loaded.find((file) => code(file.path).includes('functions/v1/collect'))
    expect(counter).toBeDefined()
    const before = new Set(loaded.filter((file) => file.startTime < appReadyAt).map((file) => file.path))
    const own = [counter!.path]
    for (const [, imported] of code(counter!.path).matchAll(/from"\.\/([^"]+\.js)"/g)) {
      if (!before.has(`/assets/${imported}`)) own.push(`/assets/${imported}`)
    }
    for (const path of own) expect(before.has(path), `${path} loads before the app's start`).toBe(false)
    const bytes = own.reduce((sum, path) => sum + gzipSync(readFileSync(join('dist', path)), { level: 9 }).length, 0)
    console.log(`Counting code: ${own.join(', ')}: ${bytes} bytes gzip`)
    expect(bytes).toBeLessThanOrEqual(2 * 1024)
  }, 60_000)
})

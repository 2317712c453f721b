// The page editor's Results view, as a marketer reads it (npm run edit, /_editor/#results): the
// visits counted by the local backend, per page, with the charts and the field speed; filtered by
// channel; in Spanish. Screenshots at 1280 and 375 px go to screenshots/results/; axe finds nothing
// at either width.
import { mkdirSync } from 'node:fs'
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProjectCopy, RunningProcess } from '../../bench/project'
import { launchBrowser, openPage } from './browser'
import { editorCopy, startEditor } from './editor-process'

let project: ProjectCopy
let editor: RunningProcess
let browser: Browser
let origin = ''

const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile Safari/604.1'

/** A visit's events as the counting code sends them. */
async function collect(batch: unknown) {
  const response = await fetch(`${origin}/functions/v1/collect`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin, 'user-agent': BROWSER_UA },
    body: JSON.stringify(batch),
  })
  expect(response.status).toBe(204)
}

beforeAll(async () => {
  project = editorCopy('results')
  ;({ editor, origin } = await startEditor(project.dir))
  browser = await launchBrowser()
  const paid = {
    landingPage: '/orlando-security-services',
    referrerHost: 'www.google.com',
    utmMedium: 'cpc',
    utmCampaign: 'fall',
  }
  for (let i = 0; i < 3; i++) {
    await collect({
      device: 'mobile',
      visit: paid,
      events: [
        { kind: 'view', page: '/orlando-security-services', entry: true },
        { kind: 'view', page: '/contact-us' },
        ...(i === 0 ? [{ kind: 'call', page: '/contact-us' }] : []),
        { kind: 'start', page: '/contact-us', form: 'contact' },
        ...(i < 2 ? [{ kind: 'sent', page: '/contact-us', form: 'contact' }] : []),
        { kind: 'vital', page: '/orlando-security-services', metric: 'LCP', value: 1900 + i * 1000 },
        { kind: 'vital', page: '/orlando-security-services', metric: 'CLS', value: 0.02 },
        { kind: 'vital', page: '/orlando-security-services', metric: 'INP', value: 640 },
      ],
    })
  }
  await collect({
    device: 'desktop',
    visit: { landingPage: '/careers', referrerHost: 'www.bing.com' },
    events: [
      { kind: 'view', page: '/careers', entry: true },
      { kind: 'start', page: '/careers', form: 'application' },
      { kind: 'step', page: '/careers', form: 'application', step: 2 },
      { kind: 'step', page: '/careers', form: 'application', step: 3 },
      { kind: 'vital', page: '/careers', metric: 'LCP', value: 2100 },
    ],
  })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await editor?.stop()
  project?.remove()
})

async function openResults(page: Page) {
  await page.goto(`${origin}/_editor/#results`)
  await page.getByRole('heading', { level: 1, name: 'Results' }).waitFor()
  await page
    .getByRole('row', { name: /\/orlando-security-services/ })
    .first()
    .waitFor()
}

const rowOf = (page: Page, name: RegExp, table: string) =>
  page.getByRole('region', { name: table }).getByRole('row', { name })

describe('the Results view', () => {
  it('shows per page what the visits brought, the charts and the field speed, filtered and in Spanish', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 } })
    await openResults(page)
    const orlando = await rowOf(page, /^\/orlando-security-services/, 'Per page').innerText()
    // Entries, views, calls, e-mails, forms started, leads, applications, conversion.
    expect(orlando.split(/\s+/)).toEqual([
      '/orlando-security-services',
      '3',
      '3',
      '1',
      '0',
      '3',
      '2',
      '0',
      '100.0',
      '%',
    ])
    await expect.poll(() => page.locator('.results__chart .recharts-bar-rectangle').count()).toBeGreaterThan(0)
    const speed = await rowOf(
      page,
      /^\/orlando-security-services Phone/,
      'Field speed: p75 over the last 28 days',
    ).innerText()
    expect(speed).toContain('3400 ms · needs improvement (3 samples)')
    expect(speed).toContain('640 ms · poor')
    expect(speed).toContain('0.020 · good')

    await page.getByLabel('Channel').selectOption({ label: 'Organic search' })
    await page
      .getByRole('row', { name: /^\/careers/ })
      .first()
      .waitFor()
    await expect.poll(() => page.getByRole('region', { name: 'Per page' }).getByRole('row').count()).toBe(2)

    await page.getByLabel('Language of the view').selectOption('es')
    await page.getByRole('heading', { level: 1, name: 'Resultados' }).waitFor()
    await expect.poll(() => page.getByLabel('Canal').inputValue()).toBe('organic-search')
  }, 60_000)

  it.each([1280, 375])(
    'has nothing axe finds at %i px (screenshot in screenshots/results/)',
    async (width) => {
      const { page } = await openPage(browser, { viewport: { width, height: 900 } })
      await openResults(page)
      await expect.poll(() => page.locator('.results__chart .recharts-bar-rectangle').count()).toBeGreaterThan(0)
      // Nothing wider than the screen: only the wide tables scroll, in their own regions.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      mkdirSync('screenshots/results', { recursive: true })
      await page.screenshot({ path: `screenshots/results/${width}_results.png`, fullPage: true })
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    },
    60_000,
  )
})

// A visitor on a slow phone taps as soon as the page is painted, long before the app's entry or
// any block's code has arrived. Every control then acts once the code is there, exactly once (a
// question opened must not close again). The blocks under test are derived, not listed: every
// block type whose definition declares a `hydrate` policy and that a built page uses, so a new
// interactive block is covered the day a page uses it. The header's two menus are covered too,
// each at the width that shows it (the Services dropdown on wide screens, the menu toggle on
// phones).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import type { Browser, BrowserContextOptions, Locator, Page, Route } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSiteServer } from '../../server/site-server'
import { blockDefinitions } from '../../src/blocks/definitions.gen'
import type { PageData } from '../../src/blocks/types'
import type { RedirectData } from '../../src/content/types'
import { migratedDatabase } from '../setup/migrated-database'
import { launchBrowser, openPage, waitForHydration } from './browser'

const DIST = resolve('dist')

type BlockOnPage = { type: string; path: string; index: number }

/** For every block type that hydrates, the built page with the least data that uses it. */
function interactiveBlocks(): BlockOnPage[] {
  const hydrating = new Set(
    Object.entries(blockDefinitions)
      .filter(([, definition]) => 'hydrate' in definition && definition.hydrate)
      .map(([type]) => type),
  )
  const found = new Map<string, BlockOnPage & { size: number }>()
  const dataDir = join(DIST, '_data')
  for (const file of readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).sort()) {
    // `_pages.json` is the build's list of pages for the collect function, not a page's data.
    if (!file.endsWith('.json') || basename(file).startsWith('_')) continue
    const text = readFileSync(join(dataDir, file), 'utf8')
    const data = JSON.parse(text) as PageData | RedirectData
    // A redirected address's data file names where it leads: it has no blocks.
    if ('redirect' in data) continue
    const { blocks } = data
    const path = `/${file.replace(/\.json$/, '')}`.replace(/^\/index$/, '/')
    blocks.forEach(({ type }, index) => {
      const known = found.get(type)
      if (hydrating.has(type) && (!known || text.length < known.size))
        found.set(type, { type, path, index, size: text.length })
    })
  }
  return [...found.values()].map(({ type, path, index }) => ({ type, path, index }))
}

const WIDTHS = [
  { name: '375 px with touch', touch: true, context: { viewport: { width: 375, height: 740 }, hasTouch: true } },
  { name: '1280 px with a mouse', touch: false, context: { viewport: { width: 1280, height: 800 } } },
] satisfies { name: string; touch: boolean; context: BrowserContextOptions }[]

// A server and backend of its own: the form's tap stores a lead, which no other test may count.
let site: Awaited<ReturnType<typeof startSiteServer>>
let base = ''
let browser: Browser
const dataRoot = mkdtempSync(join(tmpdir(), 'site-e2e-taps-'))

beforeAll(async () => {
  site = await startSiteServer({
    distDir: DIST,
    dataDir: join(dataRoot, 'pglite'),
    port: 0,
    host: '127.0.0.1',
    startFrom: migratedDatabase(),
  })
  const address = site.server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  browser = await launchBrowser()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await site?.close()
  rmSync(dataRoot, { recursive: true, force: true })
})

/** Holds every script the page asks for (the app's entry and every chunk) until release(). */
async function holdAllScripts(page: Page) {
  const held: Route[] = []
  const delivered: string[] = []
  let released = false
  await page.route(
    (url) => /\.m?js$/.test(url.pathname),
    (route) => {
      if (released) return route.continue()
      held.push(route)
    },
  )
  page.on('requestfinished', (request) => {
    if (/\.m?js$/.test(new URL(request.url()).pathname)) delivered.push(request.url())
  })
  return {
    delivered,
    release: async () => {
      released = true
      await Promise.all(held.splice(0).map((route) => route.continue()))
    },
  }
}

const tap = (target: Locator, touch: boolean) => (touch ? target.tap() : target.click())

/**
 * What a tap on `control` changes: its own state, the state of what it controls (a panel, the
 * slides), the status messages of its `scope` and the address. What hydration alone changes is
 * not part of it, so the state before a tap is the same with and without the code.
 */
async function stateOf(control: Locator, scope: Locator): Promise<string> {
  return control.evaluate(
    (element, scopeElement) => {
      const parts = [location.pathname + location.search]
      for (const name of ['aria-expanded', 'aria-pressed', 'aria-current', 'aria-selected', 'aria-checked'])
        parts.push(`${name}=${element.getAttribute(name)}`)
      for (const id of (element.getAttribute('aria-controls') ?? '').split(/\s+/).filter(Boolean)) {
        const controlled = document.getElementById(id)
        if (!controlled) continue
        parts.push(`#${id} hidden=${controlled.hidden}`)
        parts.push([...controlled.children].map((child) => (child as HTMLElement).hidden).join(','))
      }
      for (const status of scopeElement?.querySelectorAll('[role="status"]') ?? []) parts.push(status.textContent ?? '')
      return parts.join(' | ')
    },
    await scope.elementHandle(),
  )
}

/** Whether React has hydrated `control`: it keeps its props on each element it owns. */
const isHydrated = (control: Locator) =>
  control.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')))

const inViewport = (element: Locator) =>
  element.evaluate((e) => {
    const { top, bottom } = e.getBoundingClientRect()
    return bottom > 0 && top < innerHeight
  })

/** Two animation frames and a task: whatever a replayed tap set off has rendered by then. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))),
  )

const appIsRunning = waitForHydration

type Target = { path: string; scope: (page: Page) => Locator; control: (scope: Locator) => Locator }
type Width = (typeof WIDTHS)[number]

/** The state before and after one tap on a page whose code is all there. */
async function oneTapWithTheCode(target: Target, { context, touch }: Width) {
  const { page } = await openPage(browser, { ...context, baseURL: base, reducedMotion: 'reduce' })
  await page.goto(target.path)
  await appIsRunning(page)
  const scope = target.scope(page)
  const control = target.control(scope)
  const before = await stateOf(control, scope)
  await tap(control, touch)
  await expect.poll(() => stateOf(control, scope)).not.toBe(before)
  await expect.poll(() => isHydrated(control)).toBe(true)
  await nextFrames(page)
  const after = await stateOf(control, scope)
  await page.context().close()
  return { before, after }
}

async function expectTapKeptUntilTheCodeArrives(target: Target, width: Width) {
  const expected = await oneTapWithTheCode(target, width)
  expect(expected.after).not.toBe(expected.before)

  const { page, console } = await openPage(browser, { ...width.context, baseURL: base, reducedMotion: 'reduce' })
  const scripts = await holdAllScripts(page)
  await page.goto(target.path)
  const scope = target.scope(page)
  const control = target.control(scope)
  await expect(stateOf(control, scope)).resolves.toBe(expected.before)
  await tap(control, width.touch)
  // The tap was made with none of the app's code on the page.
  expect(scripts.delivered).toEqual([])
  await expect(stateOf(control, scope)).resolves.toBe(expected.before)

  await scripts.release()
  await appIsRunning(page)
  await expect.poll(() => isHydrated(control)).toBe(true)
  await expect.poll(() => stateOf(control, scope)).toBe(expected.after)
  // Once, not twice: nothing replays the tap again afterwards.
  await nextFrames(page)
  await expect(stateOf(control, scope)).resolves.toBe(expected.after)
  // And the visitor still sees it: the app's start does not scroll the page away from where
  // they tapped.
  await expect(inViewport(control)).resolves.toBe(true)
  expect(console).toEqual([])
  await page.context().close()
}

/** Fills a form's required fields (and a search box) with values its checks accept. */
async function fillForm(form: Locator) {
  const id = Math.random().toString(36).slice(2, 10)
  const fields = form.locator('input:visible, select:visible, textarea:visible')
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i)
    const { tag, type, required } = await field.evaluate((element: HTMLInputElement) => ({
      tag: element.tagName.toLowerCase(),
      type: element.type,
      required: element.required,
    }))
    if (!required && type !== 'search') continue
    if (tag === 'select') await field.selectOption({ index: 1 })
    else if (type === 'checkbox' || type === 'radio') await field.check()
    else if (type === 'email') await field.fill(`tap-${id}@example.com`)
    else if (type === 'tel') await field.fill('(407) 555-0123')
    else if (type === 'search') await field.fill('security')
    else await field.fill(`Tapped before the code arrived ${id}`)
  }
}

/**
 * A block whose only buttons submit a form: the browser sends the form itself, with or without
 * the code, once; the page it answers with then starts as usual.
 */
async function expectSubmitSentOnceWithoutTheCode({ path, index }: BlockOnPage, width: Width) {
  const { page, console } = await openPage(browser, { ...width.context, baseURL: base })
  const scripts = await holdAllScripts(page)
  await page.goto(path)
  const form = blockAt(index)(page).locator('form[action]').first()
  const { action, method } = await form.evaluate((element: HTMLFormElement) => ({
    action: new URL(element.action).pathname,
    method: element.method.toUpperCase(),
  }))
  await fillForm(form)
  const sent: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === action && request.method() === method) sent.push(request.url())
  })
  const from = page.url()
  await tap(form.locator('[type="submit"]').first(), width.touch)
  await page.waitForURL((url) => url.href !== from)
  expect(scripts.delivered).toEqual([])
  await scripts.release()
  await appIsRunning(page)
  await nextFrames(page)
  expect(sent).toHaveLength(1)
  await expect(page.locator('main h1').count()).resolves.toBe(1)
  expect(console).toEqual([])
  await page.context().close()
}

const blockAt = (index: number) => (page: Page) => page.locator('main > *:not(.breadcrumbs)').nth(index)
// The controls a script acts on: buttons that do not submit a form (a link, a field or a submit
// button is the browser's own, with or without the code).
const SCRIPTED = 'button:not([type="submit"]):visible'

describe.each(WIDTHS)('a tap made before any code has arrived, at $name', (width) => {
  const blocks = interactiveBlocks()

  it('covers the interactive blocks the pages use', () => {
    expect(blocks.map((b) => b.type)).toEqual(expect.arrayContaining(['faq', 'insights-list', 'testimonials']))
  })

  for (const block of blocks) {
    it(`${block.type} on ${block.path}: takes effect once its code is there, exactly once`, async () => {
      const { page } = await openPage(browser, { ...width.context, baseURL: base, javaScriptEnabled: false })
      await page.goto(block.path)
      const scripted = await blockAt(block.index)(page).locator(SCRIPTED).count()
      await page.context().close()
      if (scripted === 0) return expectSubmitSentOnceWithoutTheCode(block, width)
      // Its last such control: a block's first is more often one that repeats what loading it
      // does (e.g. the carousel's Pause, which reduced motion already sets).
      await expectTapKeptUntilTheCodeArrives(
        { path: block.path, scope: blockAt(block.index), control: (scope) => scope.locator(SCRIPTED).last() },
        width,
      )
    })
  }

  it(`the header's menu button: opens its menu once the app is there, exactly once`, async () => {
    await expectTapKeptUntilTheCodeArrives(
      {
        path: '/',
        scope: (page) => page.locator('header.site-header'),
        control: (scope) => scope.locator('button[aria-expanded]:visible'),
      },
      width,
    )
  })
})

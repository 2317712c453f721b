// Layout at phone and desktop widths on every route, measured with bounding boxes: the header
// is one short line, the breadcrumb starts below it, nothing scrolls sideways at 320 px, the
// phone action bar has its height reserved, and no fixed or sticky element (header, action
// bar, floating buttons) covers any element a keyboard user tabs to (WCAG 2.2 2.4.11). At the
// wide and the 375 px width, axe-core first checks each route for WCAG 2.2 A/AA violations in the
// same page (tests/e2e/accessibility.test.ts has the rest of the axe checks): one load of each
// page serves both tests, as a load costs about as much CPU as axe's rules on it.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContent } from '../../src/engine/content-store'
import { violationLines } from './axe'
import { everySectionLaidOut, gotoHydrated, launchBrowser, layOutEverySection, openPage } from './browser'

const routes = loadContent(process.cwd()).pages.map((p) => p.path)

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Focused = { id: string; name: string; covered: string[]; offscreen: boolean } | null

/**
 * The focused element, which fixed or sticky elements are painted over it (hit-tested at the
 * middle of each overlap, so an element under a transparent or pointer-transparent one is not
 * counted as covered), and whether it is out of the viewport.
 */
async function inspectFocus(): Promise<Focused> {
  // Focus scrolls the element into view at once; the scroll events follow at the next frame (the
  // floating buttons step aside on them), so when the page has scrolled since the last look, that
  // frame first. Otherwise everything focus changes is in place already (focus events run at once,
  // and the geometry read below lays out what changed): no frame to wait for. Most presses (65 to
  // 80 % of a walk's) move focus within the view.
  const walk = window as unknown as { focusWalkScroll?: string }
  if (walk.focusWalkScroll !== `${scrollX},${scrollY}`) await new Promise((resolve) => requestAnimationFrame(resolve))
  walk.focusWalkScroll = `${scrollX},${scrollY}`
  const el = document.activeElement
  if (!el || el === document.body || el === document.documentElement) return null
  const label = (e: Element) =>
    `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} "${(e.textContent ?? '').trim().slice(0, 40)}"`
  const element = el as HTMLElement
  // Numbered on first focus, so that coming round to the first element again is recognised.
  element.dataset.tabOrder ??= String(document.querySelectorAll('[data-tab-order]').length)
  const r = el.getBoundingClientRect()
  const covered: string[] = []
  for (const candidate of document.body.querySelectorAll('*')) {
    const position = getComputedStyle(candidate).position
    if (position !== 'fixed' && position !== 'sticky') continue
    if (candidate.contains(el) || el.contains(candidate)) continue
    const c = candidate.getBoundingClientRect()
    const left = Math.max(r.left, c.left)
    const right = Math.min(r.right, c.right)
    const top = Math.max(r.top, c.top)
    const bottom = Math.min(r.bottom, c.bottom)
    if (right - left < 1 || bottom - top < 1) continue
    const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2)
    if (hit && candidate.contains(hit)) covered.push(label(candidate))
  }
  const offscreen = r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth
  return { id: element.dataset.tabOrder, name: label(el), covered, offscreen }
}

/**
 * inspectFocus, defined in the page's document once, then called by name: a walk presses Tab
 * 40 to 80 times a page, and each call then sends a few bytes instead of the function's source
 * (0.4 ms of CPU a press of 10 to 14, measured side by side). The same function runs.
 */
const installInspectFocus = (page: Page) => page.evaluate(`window.__inspectFocus = ${inspectFocus.toString()}`)
const inspectInstalled = (page: Page) => page.evaluate('window.__inspectFocus()') as Promise<Focused>

/**
 * Tabs from the top of the page through every focusable element, until focus comes round to
 * the first one again; returns how many it visited and what is wrong.
 */
async function tabThrough(page: Page): Promise<{ visited: number; problems: string[] }> {
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur?.()
    window.scrollTo(0, 0)
    delete (window as unknown as { focusWalkScroll?: string }).focusWalkScroll
  })
  await installInspectFocus(page)
  const problems: string[] = []
  const seen = new Set<string>()
  let first: string | undefined
  for (let i = 0; i < 600; i++) {
    await page.keyboard.press('Tab')
    const focused = await inspectInstalled(page)
    // Between the last element and the first, focus is in the browser's own UI (body here).
    if (!focused) continue
    if (focused.id === first) break
    first ??= focused.id
    if (seen.has(focused.id)) continue
    seen.add(focused.id)
    if (focused.covered.length) problems.push(`${focused.name} is covered by ${focused.covered.join(', ')}`)
    if (focused.offscreen) problems.push(`${focused.name} has focus but is outside the viewport`)
  }
  return { visited: seen.size, problems }
}

describe.each([
  ['320 px', { width: 320, height: 640 }, false],
  ['375 px', { width: 375, height: 740 }, true],
  ['1280 px', { width: 1280, height: 800 }, true],
] as const)('at %s', (_name, viewport, withAxe) => {
  let page: Page
  /** The route the axe test left in the page, for the focus walk after it. */
  let checked: string | undefined
  beforeAll(async () => {
    ;({ page } = await openPage(browser, { viewport, reducedMotion: 'reduce' }))
  })

  for (const path of routes) {
    if (withAxe)
      it(`${path} has no violation`, async () => {
        checked = undefined
        await gotoHydrated(page, path)
        // What a visitor sees, not the sections' estimated places: a related link and the next
        // section's button measured at estimated places once overlapped (target-size).
        await layOutEverySection(page)
        expect(await violationLines(page)).toEqual([])
        checked = path
      })

    it(`${path}: focus is never under a fixed element; no sideways scroll; header and breadcrumb in place`, async () => {
      // In the page the axe test loaded, when it passed; else loaded here (run alone, or after a failure).
      if (checked !== path) await gotoHydrated(page, path)
      checked = undefined
      const layout = await page.evaluate(() => {
        const header = document.querySelector('header')!.getBoundingClientRect()
        const crumbs = document.querySelector('nav[aria-label="Breadcrumb"]')?.getBoundingClientRect()
        return {
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          headerHeight: header.height,
          breadcrumbTop: crumbs ? crumbs.top : undefined,
          headerBottom: header.bottom,
        }
      })
      expect(layout.overflow, 'the page scrolls sideways').toBe(0)
      expect(layout.headerHeight).toBeLessThanOrEqual(viewport.width < 768 ? 64 : 72)
      if (layout.breadcrumbTop !== undefined) expect(layout.breadcrumbTop).toBeGreaterThanOrEqual(layout.headerBottom)

      const { visited, problems } = await tabThrough(page)
      expect(visited).toBeGreaterThan(10)
      expect(problems).toEqual([])
    })
  }
})

describe('the check itself', () => {
  it('finds an element under the sticky header, and under a fixed banner that appears during the walk, and says which', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/about-us')
    // A button under the sticky header, and a fixed banner added after the first press, over a button at the end.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'afterbegin',
        '<button style="position:absolute;top:8px;left:8px">under</button>',
      )
      document.body.insertAdjacentHTML('beforeend', '<button>last</button>')
      document.addEventListener(
        'focusin',
        () =>
          document.body.insertAdjacentHTML(
            'beforeend',
            '<div class="banner" style="position:fixed;left:0;right:0;bottom:0;height:50%;background:#fff;z-index:99999"></div>',
          ),
        { once: true },
      )
    })
    const { problems } = await tabThrough(page)
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^button "under" is covered by header/)]))
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^button "last" is covered by div\.banner/)]),
    )
  })
})

describe('the phone action bar', () => {
  it('sits at the foot of the screen, and the page reserves its height: at the end nothing is underneath it', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/services/executive-protection')
    const bar = page.locator('.floating-actions')
    const box = (await bar.boundingBox())!
    expect(box.y + box.height).toBe(740)
    expect(box.width).toBe(375)
    await expect(bar.getByRole('link', { name: /^Emergency/ }).isVisible()).resolves.toBe(true)
    await expect(bar.getByRole('link', { name: 'Get Quote' }).isVisible()).resolves.toBe(true)
    // Every section at its real height first, as after a visitor's first input: a page with a form
    // in its first screen is long enough that sections laid out while scrolling moved its end.
    await layOutEverySection(page)
    await page.waitForFunction(everySectionLaidOut)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await page.waitForFunction(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1)
    const footerBottom = await page.locator('footer').evaluate((f) => f.getBoundingClientRect().bottom)
    // Within a pixel: the page's height may be fractional (a landing page's form, issue 59), and
    // the furthest it scrolls is a whole number of pixels.
    expect(footerBottom).toBeLessThanOrEqual(box.y + 1)
  })

  it('on wide screens the buttons float, and step aside while the focused element is underneath them', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/')
    const actions = page.locator('.floating-actions')
    const box = (await actions.boundingBox())!
    expect(box.width).toBeLessThan(300)
    // Put a focusable element right under them (without scrolling) and focus it.
    const under = await page.evaluate(
      ({ x, y }) => {
        const target = document
          .elementsFromPoint(x, y)
          .find((e) => !e.closest('.floating-actions') && e !== document.documentElement && e !== document.body)!
        const probe = document.createElement('button')
        probe.textContent = 'probe'
        probe.style.cssText = `position:absolute;left:${x - 20}px;top:${y + window.scrollY - 10}px`
        document.body.append(probe)
        probe.focus({ preventScroll: true })
        return target.tagName
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    )
    expect(under).toBeTruthy()
    await page.waitForFunction(() => document.querySelector('.floating-actions--stepped-aside') !== null)
    expect(await page.evaluate(inspectFocus)).toMatchObject({ name: 'button "probe"', covered: [] })
    // Focus elsewhere: they come back.
    await page.locator('header a').first().focus()
    await page.waitForFunction(() => document.querySelector('.floating-actions--stepped-aside') === null)
  })
})

describe('the phone header and menu', () => {
  it('is one line at 320-414 px: the logo mark and short name (the mark alone beside a language switcher below 360 px), and the menu toggle; Request Protection Now is in the menu', async () => {
    for (const width of [320, 360, 375, 414]) {
      const { page, context } = await openPage(browser, { viewport: { width, height: 700 }, reducedMotion: 'reduce' })
      await gotoHydrated(page, '/about-us')
      const header = page.locator('header').first()
      const logo = header.getByRole('link', { name: /, home$/ })
      const toggle = header.getByRole('button', { name: 'Open menu' })
      const [h, l, t] = await Promise.all([header.boundingBox(), logo.boundingBox(), toggle.boundingBox()])
      expect(h!.height).toBeLessThanOrEqual(64)
      // One line: the logo and the toggle share the bar, side by side, and the name does not wrap.
      expect(l!.x + l!.width).toBeLessThan(t!.x)
      expect(l!.height).toBeLessThanOrEqual(40)
      await expect(
        logo.locator('svg').evaluate((s) => s.getBoundingClientRect().width),
      ).resolves.toBeGreaterThanOrEqual(28)
      // Below 360 px a page with a language switcher keeps the logo's mark alone (site.css).
      const switcher = await header.locator('.language-switcher').count()
      await expect(logo.getByText('Sentinel Shield', { exact: true }).isVisible()).resolves.toBe(
        !(width < 360 && switcher > 0),
      )
      await expect(logo.getByText('Sentinel Shield Protective Services').isVisible()).resolves.toBe(false)
      await expect(header.getByRole('link', { name: 'Request Protection Now' }).isVisible()).resolves.toBe(false)
      await toggle.click()
      await expect(
        page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Request Protection Now' }).count(),
      ).resolves.toBe(1)
      await context.close()
    }
  })

  it('the open menu scrolls on a short screen, and tabbing reaches every link in it, visible and uncovered', async () => {
    const { page } = await openPage(browser, { viewport: { width: 320, height: 568 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    const links = await menu.getByRole('link').count()
    expect(links).toBeGreaterThan(10)
    await page.getByRole('button', { name: 'Close menu' }).focus()
    for (let i = 0; i < links; i++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(inspectFocus)
      expect(focused, `link ${i + 1} of the menu`).toMatchObject({ covered: [], offscreen: false })
      expect(await page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label'))).toBe(
        'Mobile',
      )
    }
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Request Protection Now')
  })

  it('Escape closes the open menu and returns focus to the toggle', async () => {
    const { page } = await openPage(browser, { viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' })
    await gotoHydrated(page, '/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About' }).focus()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('navigation', { name: 'Mobile' }).isVisible()).resolves.toBe(false)
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Open menu')
  })
})

// One small interface over the three engines the journeys run in, so each journey is written once:
// Chromium and Firefox through playwright, WebKit through WebDriver (WebKitGTK's WebKitWebDriver
// driving MiniBrowser). Elements are named by CSS selector, optionally narrowed to the first whose
// text contains `text`; every wait waits for a condition in the page, never for a fixed time.
import type { Page } from 'playwright'
import type { Client } from 'webdriver'
import type { Engine } from '../../../scripts/engines/browsers'

/** A function run in the page: self-contained (no closure), its arguments JSON values. */
// biome-ignore lint/suspicious/noExplicitAny: the page functions' arguments are whatever each journey passes
type PageFunction<T> = (...args: any[]) => T

export type Target = { selector: string; text?: string }

export interface Driver {
  readonly engine: Engine
  /** Opens an address of the site (a path) and waits until the app has hydrated it. */
  open(path: string): Promise<void>
  /** The page's address, path and query. */
  path(): Promise<string>
  evaluate<T>(fn: PageFunction<T>, ...args: unknown[]): Promise<Awaited<T>>
  /** Waits until `fn` returns a truthy value in the page, and returns it. */
  waitFor<T>(fn: PageFunction<T>, ...args: unknown[]): Promise<Awaited<T>>
  /** A real click in the middle of the element, scrolled into view first. */
  click(target: Target | string): Promise<void>
  /** Moves the mouse pointer over the element. */
  hover(target: Target | string): Promise<void>
  /** Types into an input or textarea after clearing it. */
  fill(selector: string, text: string): Promise<void>
  /** Chooses an option of a select by its visible label. */
  select(selector: string, label: string): Promise<void>
  /** Presses a key where focus is: 'Escape', 'Enter', 'Tab'. */
  press(key: 'Escape' | 'Enter' | 'Tab' | 'Shift'): Promise<void>
  /** Errors the page raised since it was opened (uncaught errors, rejections, console.error). */
  errors(): Promise<string[]>
  close(): Promise<void>
}

const TIMEOUT = 20_000

/**
 * The in-page half of waitFor: checks `fn` at every frame for up to two seconds and answers its
 * first truthy value (or null), so a wait costs one round trip per two seconds at most. A string
 * the driver evaluates (not an eval in the page, which the site's CSP forbids).
 */
const pollSource = (fn: string, args: unknown[]) => `new Promise((done) => {
  const check = (${fn}); const args = ${JSON.stringify(args)}; const end = Date.now() + 2000
  const tick = () => {
    let value; try { value = check(...args) } catch { value = undefined }
    if (value || Date.now() > end) done(value || null); else requestAnimationFrame(tick)
  }
  tick()
})`

async function pollUntil<T>(
  evaluate: (source: string) => Promise<T | null>,
  fn: { toString(): string },
  args: unknown[],
) {
  const deadline = Date.now() + TIMEOUT
  for (;;) {
    const value = await evaluate(pollSource(fn.toString(), args))
    if (value) return value
    if (Date.now() > deadline) {
      const shown = await evaluate(`(${pageState})(${JSON.stringify(args[0] ?? null)})`).catch(String)
      throw new Error(
        `timed out after ${TIMEOUT} ms waiting for ${fn.toString().slice(0, 300)} with ${JSON.stringify(args)}; ` +
          `the page then: ${JSON.stringify(shown, null, 1)}`,
      )
    }
  }
}

/**
 * What the page shows when a wait times out, so a failure seen once says what was there: the
 * text of the elements the wait's first argument selects (when it is a selector), where focus
 * is, and each form's state: its step heading, the answers of the fields shown, the messages at
 * fields and its alerts.
 */
const pageState = (selector: unknown) => {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200)
  const name = (e: Element | null) =>
    e
      ? `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.getAttribute('name') ? `[name=${e.getAttribute('name')}]` : ''}`
      : null
  let matching: string[] | undefined
  try {
    if (typeof selector === 'string') matching = [...document.querySelectorAll(selector)].slice(0, 5).map(text)
  } catch {}
  const shownFields = (form: HTMLFormElement) =>
    [...form.elements]
      .filter(
        (e): e is HTMLInputElement =>
          'value' in e &&
          !!e.getAttribute('name') &&
          !e.closest('[hidden]') &&
          (e as HTMLInputElement).type !== 'hidden',
      )
      .filter((e) => !/^(radio|checkbox)$/.test(e.type) || e.checked)
      .map((e) => `${e.name}=${e.type === 'file' ? (e.files?.[0]?.name ?? '') : e.value}`)
  return {
    address: location.pathname + location.search,
    hydrated: document.documentElement.dataset.hydrated,
    matching,
    focus: name(document.activeElement),
    forms: [...document.forms].map((form) => ({
      id: form.id,
      enhanced: form.dataset.enhanced,
      step: text(form.querySelector('.form__step-heading')) || undefined,
      fields: shownFields(form),
      invalid: [...form.querySelectorAll('[aria-invalid="true"]')].map(name),
      messages: [...form.querySelectorAll('.form__error')].map((e) => `${e.id}: ${text(e)}`),
      alerts: [...form.querySelectorAll('[role="alert"]')].map(text).filter(Boolean),
    })),
    errors: (window as unknown as { journeyErrors?: string[] }).journeyErrors,
  }
}

/**
 * Collects the page's errors in the page itself, so every engine reports them alike: uncaught
 * errors, unhandled rejections and console.error (React reports hydration mismatches there).
 */
export const collectErrors = () => {
  const w = window as unknown as { journeyErrors?: string[] }
  if (w.journeyErrors) return
  const errors: string[] = []
  w.journeyErrors = errors
  addEventListener('error', (e) => errors.push(`error: ${e.message}`))
  addEventListener('unhandledrejection', (e) => errors.push(`rejection: ${String(e.reason)}`))
  const error = console.error
  console.error = (...args: unknown[]) => {
    errors.push(`console.error: ${args.map(String).join(' ')}`)
    error.apply(console, args)
  }
}

const hydrated = () => document.documentElement.dataset.hydrated === 'true'

const asTarget = (target: Target | string): Target => (typeof target === 'string' ? { selector: target } : target)

export function playwrightDriver(engine: Engine, page: Page, baseURL: string): Driver {
  const pageErrors: string[] = []
  let collecting = false
  page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`))
  const locate = (target: Target | string) => {
    const { selector, text } = asTarget(target)
    const all = page.locator(selector)
    return (text === undefined ? all : all.filter({ hasText: text })).first()
  }
  const driver: Driver = {
    engine,
    async open(path) {
      if (!collecting) await page.addInitScript(collectErrors)
      collecting = true
      // The previous journey's page is unloaded first: an error it raises on its way out (Firefox
      // rejects a dynamic import cut short by the navigation) is not counted as the new page's.
      await page.goto('about:blank')
      pageErrors.length = 0
      await page.goto(baseURL + path)
      await page.waitForFunction(hydrated, undefined, { timeout: TIMEOUT })
    },
    path: async () => {
      const url = new URL(page.url())
      return url.pathname + url.search
    },
    evaluate: (fn, ...args) => page.evaluate(`(${fn.toString()})(...${JSON.stringify(args)})`),
    waitFor: (fn, ...args) => pollUntil((source) => page.evaluate(source), fn, args),
    click: (target) => locate(target).click(),
    hover: (target) => locate(target).hover(),
    // In Firefox key by key, as a visitor types: its fill over WebDriver BiDi sets the value
    // without the events React listens to, and the form would not see it.
    async fill(selector, text) {
      const field = page.locator(selector).first()
      if (engine !== 'firefox') return field.fill(text)
      await field.clear()
      await field.pressSequentially(text)
    },
    select: async (selector, label) => {
      await page.locator(selector).first().selectOption({ label })
    },
    press: (key) => page.keyboard.press(key),
    errors: async () => [
      ...pageErrors,
      ...((await page.evaluate(() => (window as unknown as { journeyErrors?: string[] }).journeyErrors)) ?? []),
    ],
    close: () => page.context().close(),
  }
  return driver
}

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'
/** Resolves once the element's box has been the same in three frames running (or after two seconds). */
const HOLDS_STILL = `const element = arguments[0]
return new Promise((done) => {
  const end = Date.now() + 2000
  let last = ''
  let same = 0
  const frame = () => {
    const r = element.getBoundingClientRect()
    const box = [r.x, r.y, r.width, r.height].join()
    same = box === last ? same + 1 : 0
    last = box
    if (same >= 2 || Date.now() > end) done(same >= 2)
    else requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})`
const KEYS = { Escape: '\uE00C', Enter: '\uE007', Tab: '\uE004', Shift: '\uE008' } as const

/**
 * WebKit through WebDriver. Classic WebDriver has no script to run before a page's own, so the
 * error collector starts as soon as a page has loaded: before the app's code, which the boot
 * script imports only after the load event and the first paint.
 */
export function webDriverDriver(client: Client, baseURL: string): Driver {
  const run = <T>(fn: PageFunction<T>, args: unknown[]) =>
    client.executeScript(`return (${fn.toString()}).apply(null, arguments)`, args as object[]) as Promise<Awaited<T>>
  const element = async (target: Target | string) => {
    const { selector, text } = asTarget(target)
    const found = await driver.waitFor(
      (s: string, t: string | null) =>
        [...document.querySelectorAll(s)].find((e) => t === null || (e.textContent ?? '').includes(t)) ?? null,
      selector,
      text ?? null,
    )
    return (found as unknown as Record<string, string>)[ELEMENT]
  }
  /**
   * Clicks once the element holds still and is the one a click there would reach (something may
   * still cover it). Holds still: its box the same in three frames running, as playwright waits
   * before a click in Chromium and Firefox. WebDriver works out where to click, then sends the
   * pointer's events: a page that moves between the two (a step whose heading takes focus, and
   * the view with it, a frame after it appears) takes the click somewhere else.
   */
  const clickWhenReachable = async (id: string) => {
    for (const deadline = Date.now() + TIMEOUT; ; ) {
      await client.executeScript('arguments[0].scrollIntoView({ block: "center" })', [{ [ELEMENT]: id }])
      await client.executeScript(HOLDS_STILL, [{ [ELEMENT]: id }])
      try {
        return await client.elementClick(id)
      } catch (error) {
        if (!String(error).includes('intercepted') || Date.now() > deadline) throw error
        await run(() => new Promise((done) => requestAnimationFrame(done)), [])
      }
    }
  }
  const driver: Driver = {
    engine: 'webkit',
    async open(path) {
      await client.navigateTo(baseURL + path)
      await run(collectErrors, [])
      await driver.waitFor(hydrated)
    },
    path: () => run(() => location.pathname + location.search, []),
    evaluate: (fn, ...args) => run(fn, args),
    waitFor: (fn, ...args) => pollUntil((source) => client.executeScript(`return ${source}`, []), fn, args),
    click: async (target) => clickWhenReachable(await element(target)),
    async hover(target) {
      const id = await element(target)
      await client.performActions([
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [{ type: 'pointerMove', duration: 0, origin: { [ELEMENT]: id }, x: 0, y: 0 }],
        },
      ])
    },
    async fill(selector, text) {
      const id = await element(selector)
      await clickWhenReachable(id)
      if (await run((s: string) => (document.querySelector(s) as HTMLInputElement).value !== '', [selector]))
        await client.elementClear(id)
      await client.elementSendKeys(id, text)
    },
    async select(selector, label) {
      await clickWhenReachable(await element({ selector: `${selector} option`, text: label }))
    },
    async press(key) {
      await client.performActions([
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value: KEYS[key] },
            { type: 'keyUp', value: KEYS[key] },
          ],
        },
      ])
      await client.releaseActions()
    },
    errors: async () => (await run(() => (window as unknown as { journeyErrors?: string[] }).journeyErrors, [])) ?? [],
    // The session stays for the next journey; the engine's close ends it.
    close: async () => {},
  }
  return driver
}

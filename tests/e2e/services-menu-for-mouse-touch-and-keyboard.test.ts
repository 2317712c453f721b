// The Services dropdown with a real mouse, a touch screen and a keyboard. Assertions are on
// state (aria-expanded, visibility): hover is not a discrete event, so React may render it a
// moment later and the tests wait for the attribute (expect.poll); the grace delay runs on
// Playwright's injected clock, never on a real wait.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const WIDE = { width: 1280, height: 800 }

function servicesMenu(page: Page) {
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' })
  const list = page.locator('.dropdown__list')
  const expanded = () => button.getAttribute('aria-expanded')
  return { button, list, expanded }
}

async function center(page: Page, selector: string) {
  const box = (await page.locator(selector).first().boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

describe('with a mouse', () => {
  it('hover opens the menu and the click that follows keeps it open; its links can be followed', async () => {
    const { page } = await openPage(browser, { viewport: WIDE })
    await gotoHydrated(page, '/')
    const { button, list, expanded } = servicesMenu(page)
    const at = await center(page, '.nav__dropdown')
    await page.mouse.move(at.x - 200, at.y, { steps: 1 })
    await page.mouse.move(at.x, at.y, { steps: 5 })
    await expect.poll(expanded).toBe('true')
    await expect(list.isVisible()).resolves.toBe(true)

    await button.click() // pointer already over it: the click a visitor makes after hovering
    await expect(expanded()).resolves.toBe('true')
    await expect(list.isVisible()).resolves.toBe(true)

    // Down into the list (across the gap under the button) and follow a link.
    const link = list.getByRole('link', { name: 'Maritime Security' })
    const target = (await link.boundingBox())!
    await page.mouse.move(target.x + 20, target.y + target.height / 2, { steps: 8 })
    await expect(expanded()).resolves.toBe('true')
    await page.mouse.down()
    await page.mouse.up()
    await page.waitForURL('**/services/maritime-security')
    await expect.poll(expanded).toBe('false')
  })

  it('a click on a menu that is already pinned open closes it', async () => {
    const { page } = await openPage(browser, { viewport: WIDE })
    await gotoHydrated(page, '/')
    const { button, expanded } = servicesMenu(page)
    await button.click() // hover opens, this click pins it
    await expect(expanded()).resolves.toBe('true')
    await button.click()
    await expect(expanded()).resolves.toBe('false')
  })

  it('the pointer leaving closes it after a grace delay; coming back within it keeps it open', async () => {
    const { page, context } = await openPage(browser, { viewport: WIDE })
    await context.clock.install()
    await gotoHydrated(page, '/')
    // From here on the page's time moves only in runFor(), however slowly the machine runs.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
    const { list, expanded } = servicesMenu(page)
    const at = await center(page, '.nav__dropdown')
    await page.mouse.move(at.x, at.y, { steps: 3 })
    await expect.poll(expanded).toBe('true')

    const away = { x: at.x, y: at.y + 500 }
    await page.mouse.move(away.x, away.y, { steps: 3 })
    await page.clock.runFor(200)
    await expect(expanded()).resolves.toBe('true')
    await page.mouse.move(at.x, at.y, { steps: 3 }) // back in time
    await page.clock.runFor(1000)
    await expect(expanded()).resolves.toBe('true')

    await page.mouse.move(away.x, away.y, { steps: 3 })
    await page.clock.runFor(1000)
    await expect.poll(expanded).toBe('false')
    await expect(list.isVisible()).resolves.toBe(false)
  })
})

describe('on a touch screen', () => {
  it('a tap opens it, a second tap closes it, a tap elsewhere closes it', async () => {
    const { page } = await openPage(browser, { viewport: WIDE, hasTouch: true })
    await gotoHydrated(page, '/')
    const { button, list, expanded } = servicesMenu(page)
    await button.tap()
    await expect(expanded()).resolves.toBe('true')
    await expect(list.isVisible()).resolves.toBe(true)
    await button.tap()
    await expect(expanded()).resolves.toBe('false')

    await button.tap()
    await expect(expanded()).resolves.toBe('true')
    await page.locator('main h1').tap()
    await expect(expanded()).resolves.toBe('false')

    await button.tap()
    await list.getByRole('link', { name: 'Travel Security' }).tap()
    await page.waitForURL('**/services/travel-security')
  })
})

describe('with a keyboard', () => {
  it('Enter opens, Escape closes and returns focus, Tab past the last link closes it', async () => {
    const { page } = await openPage(browser, { viewport: WIDE })
    await gotoHydrated(page, '/')
    const { button, list, expanded } = servicesMenu(page)
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(expanded()).resolves.toBe('true')
    await page.keyboard.press('Escape')
    await expect(expanded()).resolves.toBe('false')
    await expect(page.evaluate(() => document.activeElement?.classList.contains('nav__dropdown'))).resolves.toBe(true)

    await page.keyboard.press('Space')
    await expect(expanded()).resolves.toBe('true')
    const links = await list.getByRole('link').count()
    for (let i = 0; i < links; i++) await page.keyboard.press('Tab')
    await expect(expanded()).resolves.toBe('true') // on the last link
    await page.keyboard.press('Tab') // focus leaves the menu
    await expect(expanded()).resolves.toBe('false')
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Insights')
  })
})

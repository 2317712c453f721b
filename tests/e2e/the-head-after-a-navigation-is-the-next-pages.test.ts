// After a client-side navigation the document's head is the next page's own, as its prerendered
// HTML has it: its title, description, canonical address, language alternates and sharing tags,
// each once, and none of the first page's left behind. On the first load React takes over the
// prerendered head only after the layout has hydrated (src/app/Layout.tsx), so the first
// navigation is the first time it changes it.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoHydrated, launchBrowser, layOutEverySection, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The head's title, meta tags and links (not the code and styles the app adds), each as one line, sorted. */
const headTags = (page: Page) =>
  page.evaluate(() =>
    [...document.head.querySelectorAll('title, meta, link:not([rel="modulepreload"]):not([rel="stylesheet"])')]
      .map((e) => {
        const attributes = [...e.attributes].map((a) => `${a.name}="${a.value}"`).sort()
        return `<${e.localName} ${attributes.join(' ')}>${e.textContent ?? ''}`
      })
      .sort(),
  )

/** The head the page's prerendered HTML has, read without running any script. */
async function prerenderedHead(path: string) {
  const { page, context } = await openPage(browser, { javaScriptEnabled: false })
  await page.goto(path)
  const tags = await headTags(page)
  await context.close()
  return tags
}

describe('the head after a client-side navigation', () => {
  it.each([
    ['/', 'footer a[href="/about-us"]', '/about-us'],
    ['/', 'a.language-switcher__link[lang="es"]', '/es'],
    ['/contact-us', 'header a[href="/"]', '/'],
  ])('from %s, following %s, is the head of %s', async (from, link, to) => {
    const { page, console, context } = await openPage(browser)
    await gotoHydrated(page, from)
    // As a visitor's first input leaves it (a wheel, a key): every section at its real height.
    // Else the scroll to the footer link makes the sections near the page's end lay out, shorter
    // than their estimates, which pulls the end of the page, and the link, up under the pointer
    // a few frames later: in Chromium at 1280 px by 188 px, after the click had begun (once in
    // CI, when the pointer came down on the link and went up on the list around it).
    await layOutEverySection(page)
    const documentRequests: string[] = []
    page.on('request', (r) => r.resourceType() === 'document' && documentRequests.push(r.url()))
    await page.locator(link).first().click()
    const expected = await prerenderedHead(to)
    const title = expected.find((tag) => tag.startsWith('<title'))!.replace(/^<title >/, '')
    await page.waitForFunction(([path, text]) => location.pathname === path && document.title === text, [
      to,
      title,
    ] as const)
    // The navigation was the app's, not a new document.
    expect(documentRequests).toEqual([])
    await expect.poll(() => headTags(page)).toEqual(expected)
    expect(console).toEqual([])
    await context.close()
  })
})

// The page editor's preview renders each page in the browser with the site's own components, from
// the page data the editor's server resolves (src/editor/preview-frame/); the server's full render,
// which the build prerenders into #root, is the reference. For every page of the site, in every
// language, opened in the editor (`npm run edit`, real Chromium, a throw-away copy of the project),
// the preview's first render must be the same HTML as the server's, in <body> and in <head>, in
// both frames, and every block must be marked for a click to select its form. Opening a page
// changes nothing in it: the editor has nothing to save (checked in the same visit of each page).
import type { Browser, Frame, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import type { ProjectCopy, RunningProcess } from '../../bench/project'
import { splitHoisted } from '../../src/build/html-template'
import { ContentStore } from '../../src/engine/content-store'
import { openPage } from './browser'
import { editorForThisFile } from './editor-process'

let project: ProjectCopy
let editor: RunningProcess
let browser: Browser
let origin = ''

editorForThisFile('preview-html', (run) => ({ project, editor, origin, browser } = run))

type Rendered = { page: { path: string }; blocks: number[]; html: string }
type Compared = { part: string; server: string; client: string }

/**
 * Both renders of a page, as the browser's own parser reads and writes them, with only what is
 * legitimately different made the same:
 * - React's server marks its Suspense boundaries (`<!--$-->` … `<!--/$-->`) and separates
 *   adjacent texts (`<!-- -->`) with comments, for hydration to find its way; its client writes
 *   none. Other comments stay.
 * - `useId` names ids by the tree on the server (`_R_idm_`) and by a counter in a client render
 *   that is not a hydration (`_r_1_`): each id is named by its first appearance, so an id and
 *   what refers to it (`for`, `aria-controls`) must still agree.
 * - React's client sets attributes in another order (an image's `src` last) and styles through
 *   the CSSOM (`--delay: 1ms;` for `--delay:1ms`): attributes are sorted, styles read back
 *   through the CSSOM on both sides.
 * - A control's state: the server writes `selected`/`checked`; the client sets properties,
 *   which the preview's capture writes as those attributes (preview-frame/main.tsx): both sides
 *   are read into a document and written from its controls' state.
 * - In <head>, React's server adds `<link rel="preload" as="image">` for an image the page
 *   renders with `fetchpriority="high"` (a hint to fetch it sooner); its client renders the image
 *   itself and has nothing to hint: such a link is dropped only when that image is in the body.
 */
function compareInFrame(frame: Frame, server: { head: string; body: string }): Promise<Compared[]> {
  return frame.evaluate((serverParts) => {
    const rendered = window.firstRender
    if (!rendered) throw new Error('The preview recorded no first render')
    const read = (html: string) => {
      const doc = document.implementation.createHTMLDocument('')
      doc.body.innerHTML = html
      return doc.body
    }
    const write = (body: HTMLElement, ids: Map<string, string>) => {
      const comments: Comment[] = []
      const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_COMMENT)
      while (walker.nextNode()) comments.push(walker.currentNode as Comment)
      for (const comment of comments) if (/^(\/?\$[?!]?| )$/.test(comment.data)) comment.remove()
      for (const option of body.querySelectorAll('option')) option.toggleAttribute('selected', option.selected)
      for (const input of body.querySelectorAll('input')) input.toggleAttribute('checked', input.checked)
      for (const element of body.querySelectorAll<HTMLElement>('*')) {
        if (element.hasAttribute('style')) element.setAttribute('style', element.style.cssText)
        const attributes = [...element.attributes].map((a) => [a.name, a.value]).sort(([a], [b]) => (a < b ? -1 : 1))
        for (const [name] of attributes) element.removeAttribute(name)
        for (const [name, value] of attributes) element.setAttribute(name, value)
      }
      return body.innerHTML.replace(/_[rR]_[0-9a-zA-Z]*_/g, (id) => {
        if (!ids.has(id)) ids.set(id, `«id${ids.size + 1}»`)
        return ids.get(id)!
      })
    }
    const serverBody = read(serverParts.body)
    const serverHead = read(serverParts.head)
    for (const link of serverHead.querySelectorAll('link[rel="preload"][as="image"][fetchpriority="high"]')) {
      const href = link.getAttribute('href')
      const images = [...serverBody.querySelectorAll('img[fetchpriority="high"]')]
      if (images.some((image) => image.getAttribute('src') === href)) link.remove()
    }
    const serverIds = new Map<string, string>()
    const clientIds = new Map<string, string>()
    return [
      { part: '#root', server: write(serverBody, serverIds), client: write(read(rendered.root), clientIds) },
      { part: '<head>', server: write(serverHead, serverIds), client: write(read(rendered.head), clientIds) },
    ]
  }, server)
}

/** The first spot where two texts differ, with some of what comes before and after on each side. */
function firstDifference(server: string, client: string): string {
  let at = 0
  while (at < server.length && server[at] === client[at]) at++
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 120), at + 120))
  return `differ at character ${at}:\n    server: ${around(server)}\n    client: ${around(client)}`
}

const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))

describe("the editor's preview", () => {
  it('renders every page as the same HTML as the server, in both frames, with every block selectable; opening it leaves nothing to save', async () => {
    const pages = new ContentStore(project.dir).content().pages
    const { page } = await openPage(browser)
    await page.goto(editor.url)
    const files = await listedFiles(page)
    expect(files.length).toBeGreaterThan(40)
    const differences: string[] = []
    let compared = 0
    for (const file of files) {
      const reference = (await (
        await fetch(`${origin}/_editor/api/rendered?file=${encodeURIComponent(file)}`)
      ).json()) as Rendered
      await page.getByRole('link', { name: literal(file) }).click()
      await page.getByRole('heading', { name: literal(file) }).waitFor()
      await page.getByRole('heading', { name: 'Page settings' }).waitFor()
      await expect(page.locator('#save-state').textContent(), file).resolves.toBe('No unsaved changes')
      for (const title of ['Preview at phone width', 'Preview at desktop width']) {
        const frame = await previewFrame(page, title)
        await frame.locator(`html[data-drawn="${reference.page.path}"]`).waitFor()
        for (const { part, server, client } of await compareInFrame(frame, splitHoisted(reference.html)))
          if (server !== client) differences.push(`${file} (${title}), ${part}: ${firstDifference(server, client)}`)
        const marked = await frame
          .locator('[data-editor-block]')
          .evaluateAll((elements) => [...new Set(elements.map((e) => Number((e as HTMLElement).dataset.editorBlock)))])
        if (marked.join(' ') !== reference.blocks.join(' '))
          differences.push(
            `${file} (${title}): blocks marked ${marked.join(' ')}, expected ${reference.blocks.join(' ')}`,
          )
      }
      compared++
    }
    expect(differences).toEqual([])
    // Every page of the content store, in every language, and nothing else.
    expect(compared).toBe(pages.length)
    expect(new Set(pages.map((p) => p.locale)).size).toBeGreaterThan(1)
  }, 600_000)
})

/** The files the editor lists, each a page. */
async function listedFiles(page: Page): Promise<string[]> {
  await page.locator('.editor__pages li a').first().waitFor()
  return page.locator('.editor__pages li a .editor__file').allTextContents()
}

/** The preview frame whose title starts with `title`, once it is there. */
async function previewFrame(page: Page, title: string): Promise<Frame> {
  const element = page.locator(`iframe[title^="${title}"]`)
  await element.waitFor()
  const frame = await (await element.elementHandle())?.contentFrame()
  if (!frame) throw new Error(`No frame "${title}"`)
  return frame
}

// The page editor takes photos (`npm run edit`, in real Chromium against the real script in a
// throw-away copy of the project): a phone photo dropped on an image field is stored under
// public/images/<page>/ without any metadata (GPS above all), upright and within 4000 px; the YAML
// gets its path, width and height and no other line; the preview frames show it at once. An SVG,
// an HTML page named .jpg and a 40 MB file are refused with a message, and nothing is written
// (by the field, and by the server when asked directly). A pasted photo is taken too, and on a
// Spanish page its alt text is asked for in Spanish. With the keyboard alone a photo is
// chosen, its alt text written in the page's language (asked for, and required to save) and its
// focal point set; a click on the photo sets it too. axe finds nothing on the field.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Locator, Page } from 'playwright'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { ProjectCopy, RunningProcess } from '../../bench/project'
import { exifTags, GPS_POINTER, metadataBlocks, phonePhoto, withoutMetadata } from '../unit/editor/phone-photo'
import { launchBrowser, openPage } from './browser'
import { editorCopy, openInEditor, saveWithDiff, startEditor } from './editor-process'

const HOME = 'pages/index.yaml'
const ORLANDO = 'pages/orlando-security-services.yaml'
const SPANISH_ORLANDO = 'pages/es/seguridad-privada-orlando.yaml'
/** The home page's team cards (block 9 in the file) and the first portrait, an SVG drawing. */
const PORTRAIT = '#block-8_items_0_image'
const HERO_IMAGE = '#block-0_image'
let project: ProjectCopy
let editor: RunningProcess
let browser: Browser
let origin = ''
let photo: Buffer
let scratch: string
/** Encoding a 12-megapixel photo takes seconds of CPU; the first page also waits for Vite's dependencies. */
const SLOW = 180_000

const file = (name: string) => readFileSync(join(project.dir, name), 'utf8')
/** Every file under public/images, from it. */
const images = () => (readdirSync(join(project.dir, 'public/images'), { recursive: true }) as string[]).sort()

beforeAll(async () => {
  project = editorCopy('editor-photos')
  scratch = mkdtempSync(join(tmpdir(), 'editor-photos-'))
  ;({ editor, origin } = await startEditor(project.dir))
  browser = await launchBrowser()
  // A phone photo: 4000 × 3000 pixels stored sideways (orientation 6), with its GPS position.
  photo = await phonePhoto({ width: 4000, height: 3000, orientation: 6 })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await editor?.stop()
  project?.remove()
  rmSync(scratch, { recursive: true, force: true })
})

const phonePreview = (page: Page) => page.frameLocator('iframe[title^="Preview at phone width"]')
const desktopPreview = (page: Page) => page.frameLocator('iframe[title^="Preview at desktop width"]')

/** Drops `bytes` as a file named `name` on the field's drop zone: dragenter, dragover, drop. */
async function dropFile(field: Locator, name: string, type: string, bytes: Buffer) {
  await field.getByTestId('photo-drop').evaluate(
    (zone, { name, type, base64 }) => {
      const data = new DataTransfer()
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }))
      for (const event of ['dragenter', 'dragover', 'drop'])
        zone.dispatchEvent(new DragEvent(event, { bubbles: true, cancelable: true, dataTransfer: data }))
    },
    { name, type, base64: bytes.toString('base64') },
  )
}

const statusOf = (field: Locator) => field.locator('.editor__photo-status')

/** The photo as the frame's <img> shows it, once loaded: its file's own size, or 0 if it failed. */
const shownSize = (frame: ReturnType<typeof phonePreview>, src: string) =>
  frame
    .locator(`img[src="${src}"]`)
    .first()
    .evaluate(async (img: HTMLImageElement) => {
      // A card's photo loads lazily: once scrolled to, as a visitor would.
      img.scrollIntoView()
      if (!img.complete)
        await new Promise((settled) => {
          img.addEventListener('load', settled, { once: true })
          img.addEventListener('error', settled, { once: true })
        })
      return { natural: img.naturalWidth, shown: Math.round(img.getBoundingClientRect().width) }
    })

/** The token the editor page carries, for asking the server directly as the page would. */
const tokenOf = (page: Page) => page.locator('meta[name="editor-token"]').getAttribute('content')

describe('the page editor takes photos', () => {
  it(
    'stores a dropped phone photo without metadata, writes only its path, width and height, and previews it at once',
    async () => {
      const before = file(HOME)
      const imagesBefore = images()
      const source = await metadataBlocks(photo)
      expect([source.width, source.height, source.orientation]).toEqual([4000, 3000, 6])
      expect(exifTags(source.exif!)).toContain(GPS_POINTER)

      const { page, console } = await openPage(browser, { viewport: { width: 1600, height: 1000 } })
      // Every request the editor and its frames make is answered (the browser's own request for a
      // favicon, which the editor has none of, is not a page's request: it is left out).
      const failed: string[] = []
      // Read from the response event itself: asking a finished request for its response afterwards
      // fails once the page is closed (an unhandled rejection when the last one ends as it closes).
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(response.url())
      })
      await openInEditor(page, editor.url, HOME)
      const field = page.locator(PORTRAIT)
      await dropFile(field, 'Estate gate.jpg', 'image/jpeg', photo)
      await statusOf(field)
        .filter({ hasText: /^Stored \/images\/index\/estate-gate-[0-9a-f]{10}\.jpg \(3000 × 4000 pixels/ })
        .waitFor()
      const src = await page.locator(`${PORTRAIT}_src`).inputValue()
      expect(src).toMatch(/^\/images\/index\/estate-gate-[0-9a-f]{10}\.jpg$/)

      // Stored upright, within 4000 px, with no EXIF (so no GPS), XMP or IPTC; nothing else written.
      expect(await metadataBlocks(join(project.dir, 'public', src))).toEqual(
        withoutMetadata({ width: 3000, height: 4000, format: 'jpeg' }),
      )
      expect(images()).toEqual([...imagesBefore, 'index', src.slice('/images/'.length)].sort())

      // The preview shows the stored file, in each frame at the size the card gets there.
      const phone = await shownSize(phonePreview(page), src)
      const desktop = await shownSize(desktopPreview(page), src)
      expect(phone.natural).toBe(3000)
      expect(desktop.natural).toBe(3000)
      expect(phone.shown).toBeGreaterThan(0)
      expect(phone.shown).toBeLessThanOrEqual(375)
      expect(desktop.shown).toBeGreaterThan(0)

      // The alt text is kept (the card's portrait had one) and focused, for the marketer to check.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('block-8_items_0_image_alt')
      expect(file(HOME)).toBe(before)
      await saveWithDiff(page)
      const after = file(HOME)
      const lines = before.split('\n')
      const changed = after.split('\n').flatMap((line, i) => (line === lines[i] ? [] : [[lines[i], line]]))
      expect(changed).toEqual([
        ['          src: /images/team/protection-director.svg', `          src: ${src}`],
        ['          width: 400', '          width: 3000'],
        ['          height: 400', '          height: 4000'],
      ])
      expect(failed).toEqual([])
      expect(console.filter((entry) => !entry.text.startsWith('Failed to load resource'))).toEqual([])
    },
    SLOW,
  )

  it(
    'refuses an SVG, an HTML page named .jpg and a 40 MB file, each with a message, and writes nothing',
    async () => {
      const { page } = await openPage(browser, { viewport: { width: 1600, height: 1000 } })
      await openInEditor(page, editor.url, ORLANDO)
      const before = file(ORLANDO)
      const imagesBefore = images()
      const field = page.locator(HERO_IMAGE)
      const chooser = field.locator('input[type="file"]')
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>')
      const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')
      const large = join(scratch, 'large.jpg')
      writeFileSync(large, Buffer.concat([photo, Buffer.alloc(40 * 1024 * 1024 - photo.length)]))

      await dropFile(field, 'drawing.svg', 'image/svg+xml', svg)
      await statusOf(field)
        .filter({ hasText: 'Not stored: “drawing.svg” is not a photo the editor takes: JPEG, PNG, WebP or AVIF only.' })
        .waitFor()
      await chooser.setInputFiles({ name: 'estate.jpg', mimeType: 'image/jpeg', buffer: html })
      await statusOf(field)
        .filter({
          hasText:
            'Not stored: “estate.jpg” is an HTML page, not a photo: the editor takes JPEG, PNG, WebP or AVIF files.',
        })
        .waitFor()
      await chooser.setInputFiles(large)
      await statusOf(field)
        .filter({ hasText: 'Not stored: “large.jpg” is 40 MB: a photo can be at most 30 MB.' })
        .waitFor()
      await expect(statusOf(field).getAttribute('role')).resolves.toBe('status')
      expect(await page.locator(`${HERO_IMAGE}_src`).inputValue()).toBe('')

      // The server refuses them too, by their bytes, when asked directly with the page's token.
      const token = (await tokenOf(page)) ?? ''
      const send = async (name: string, body: Buffer) => {
        const response = await fetch(`${origin}/_editor/api/photo?file=${ORLANDO}&name=${encodeURIComponent(name)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream', 'x-editor-token': token },
          body: new Uint8Array(body),
        })
        return { status: response.status, error: ((await response.json()) as { error: string }).error }
      }
      expect(await send('drawing.svg', svg)).toEqual({
        status: 415,
        error: '“drawing.svg” is an SVG drawing, not a photo: the editor takes JPEG, PNG, WebP or AVIF files.',
      })
      expect(await send('estate.jpg', html)).toEqual({
        status: 415,
        error: '“estate.jpg” is an HTML page, not a photo: the editor takes JPEG, PNG, WebP or AVIF files.',
      })
      expect(await send('large.jpg', readFileSync(large))).toEqual({
        status: 413,
        error: 'The file is 40 MB: a photo can be at most 30 MB. Export it smaller from your photo app.',
      })
      // Without the token, nothing is even read.
      const anonymous = await fetch(`${origin}/_editor/api/photo?file=${ORLANDO}&name=a.jpg`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: new Uint8Array(photo),
      })
      expect(anonymous.status).toBe(403)

      expect(images()).toEqual(imagesBefore)
      expect(file(ORLANDO)).toBe(before)
    },
    SLOW,
  )

  it(
    'with the keyboard alone: a photo chosen, its alt text asked for in the page’s language and required, its focal point set',
    async () => {
      const { page } = await openPage(browser, { viewport: { width: 1600, height: 1000 } })
      await openInEditor(page, editor.url, ORLANDO)
      const field = page.locator(HERO_IMAGE)
      const choose = field.getByRole('button', { name: /^Choose a photo/ })
      const input = field.locator('input[type="file"]')
      // Enter on the button asks the browser for its file chooser (the file input's click); the
      // test then hands the input the file as the chooser would. (Playwright's filechooser event
      // came when this test ran alone, not after the tests before it: the click is what is ours.)
      await input.evaluate((element) => {
        element.addEventListener('click', () => element.setAttribute('data-asked', 'yes'), { once: true })
      })
      await choose.focus()
      await page.keyboard.press('Enter')
      await field.locator('input[type="file"][data-asked="yes"]').waitFor({ state: 'attached' })
      await input.setInputFiles({ name: 'Orlando skyline.jpg', mimeType: 'image/jpeg', buffer: photo })
      await statusOf(field).filter({ hasText: 'Now write its alt text in English.' }).waitFor()
      const src = await page.locator(`${HERO_IMAGE}_src`).inputValue()
      expect(src).toMatch(/^\/images\/orlando-security-services\/orlando-skyline-[0-9a-f]{10}\.jpg$/)
      await phonePreview(page).locator(`img[src="${src}"]`).waitFor()

      // The alt text has the focus, its label names the page's language, and a prompt asks for it.
      const alt = page.locator(`${HERO_IMAGE}_alt`)
      await expect(page.locator(`label[for="block-0_image_alt"]`).innerText()).resolves.toMatch(/^Alt text, in English/)
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('block-0_image_alt')
      await field.getByText('Required for a photo: say in English what it shows').waitFor()
      // Saving without it is refused, the problem at the field.
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await page.getByRole('status').filter({ hasText: 'cannot be saved' }).waitFor()
      await field.getByText('this photo has no alt text yet: write in English what it shows').first().waitFor()

      await alt.focus()
      await page.keyboard.type('Downtown Orlando skyline at dusk, seen across Lake Eola')
      // Tab on to the focal point's sliders (past the width and height).
      const fromLeft = page.getByRole('slider', { name: /Focal point from the left/ })
      for (let i = 0; i < 10 && !(await fromLeft.evaluate((e) => e === document.activeElement)); i++)
        await page.keyboard.press('Tab')
      await expect(fromLeft.evaluate((e) => e === document.activeElement)).resolves.toBe(true)
      for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft')
      await page.keyboard.press('Tab')
      await page.keyboard.press('End')
      await expect(fromLeft.getAttribute('aria-valuetext')).resolves.toBe('30 %')
      await expect(page.getByRole('slider', { name: /Focal point from the top/ }).inputValue()).resolves.toBe('100')

      // The editor checks the page again once the typing pauses: the problem goes.
      await field.getByText('this photo has no alt text yet').first().waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Save', exact: true }).focus()
      await page.keyboard.press('Enter')
      const diff = page.getByRole('dialog', { name: /Lines that will change/ })
      await diff.getByRole('button', { name: 'Save these changes' }).focus()
      await page.keyboard.press('Enter')
      await page
        .getByRole('status')
        .filter({ hasText: /^Saved / })
        .waitFor()
      const hero = (parse(file(ORLANDO)) as { blocks: { image?: unknown }[] }).blocks[0]
      expect(hero.image).toEqual({
        src,
        alt: 'Downtown Orlando skyline at dusk, seen across Lake Eola',
        width: 3000,
        height: 4000,
        focus: { x: 30, y: 100 },
      })
    },
    SLOW,
  )

  it(
    'takes a pasted photo, and on a Spanish page asks for its alt text in Spanish',
    async () => {
      const { page } = await openPage(browser, { viewport: { width: 1600, height: 1000 } })
      await openInEditor(page, editor.url, SPANISH_ORLANDO)
      const field = page.locator(HERO_IMAGE)
      const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1d4ed8' } })
        .png()
        .toBuffer()
      // What a browser hands the page when a copied image is pasted: a file named image.png.
      await field.getByRole('button', { name: /^Choose a photo/ }).evaluate((button, base64) => {
        const data = new DataTransfer()
        data.items.add(
          new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'image.png', { type: 'image/png' }),
        )
        button.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
      }, png.toString('base64'))
      await statusOf(field).filter({ hasText: 'Now write its alt text in Español.' }).waitFor()
      const src = await page.locator(`${HERO_IMAGE}_src`).inputValue()
      expect(src).toMatch(/^\/images\/es\/seguridad-privada-orlando\/image-[0-9a-f]{10}\.png$/)
      await expect(page.locator('label[for="block-0_image_alt"]').innerText()).resolves.toMatch(/^Alt text, in Español/)
      await field.getByText('Required for a photo: say in Español what it shows').waitFor()
      await phonePreview(page).locator(`img[src="${src}"]`).waitFor()
    },
    SLOW,
  )

  it(
    'sets the focal point where the photo is clicked',
    async () => {
      const { page } = await openPage(browser, { viewport: { width: 1600, height: 1000 } })
      await openInEditor(page, editor.url, ORLANDO)
      const surface = page.locator(HERO_IMAGE).getByTestId('focal-photo')
      const box = (await surface.boundingBox())!
      await surface.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } })
      await expect(page.getByRole('slider', { name: /Focal point from the left/ }).inputValue()).resolves.toBe('25')
      await expect(page.getByRole('slider', { name: /Focal point from the top/ }).inputValue()).resolves.toBe('75')
      await saveWithDiff(page)
      expect((parse(file(ORLANDO)) as { blocks: { image: { focus: unknown } }[] }).blocks[0].image.focus).toEqual({
        x: 25,
        y: 75,
      })
    },
    SLOW,
  )

  it(
    'shows the field to the eye at 375 and 1280 px, and axe finds nothing on it',
    async () => {
      for (const width of [375, 1280]) {
        // Tall enough for the whole field below the editor's sticky toolbar.
        const { page } = await openPage(browser, { viewport: { width, height: 2400 } })
        await openInEditor(page, editor.url, ORLANDO)
        const field = page.locator(HERO_IMAGE)
        await dropFile(field, 'drawing.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))
        await statusOf(field).filter({ hasText: 'Not stored' }).waitFor()
        await field.evaluate((element) => {
          element.scrollIntoView()
          window.scrollBy(0, -160)
        })
        await field.screenshot({ path: join('test-results', `editor-photo-field-${width}.png`) })
        const result = await new AxeBuilder({ page })
          .include(HERO_IMAGE)
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze()
        expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        )
      }
    },
    SLOW,
  )
})

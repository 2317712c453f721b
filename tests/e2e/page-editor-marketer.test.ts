// The page editor (`npm run edit`) as a marketer uses it, in real Chromium against the real script in
// a throw-away copy of the project: a block dragged above another is saved in that order, the file
// differing only by the moved lines; the search result shows the typed title and description, and
// its length meters count what `npm run check` counts; New page makes the Spanish translation of an
// English page, which passes `npm run check` and is paired both ways; "Mark as up to date" clears a
// stale translation's flag, as `npm run check -- --accept-translation` does.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { type ProjectCopy, type RunningProcess, TSX } from '../../bench/project'
import { openPage } from './browser'
import { editorForThisFile, openInEditor, saveWithDiff } from './editor-process'

const TAMPA = 'pages/tampa-security-services.yaml'
const JACKSONVILLE = 'pages/jacksonville-security-services.yaml'
let project: ProjectCopy
let editor: RunningProcess
let browser: Browser

const file = (name: string) => readFileSync(join(project.dir, name), 'utf8')
const check = () => spawnSync(TSX, ['scripts/check.ts'], { cwd: project.dir, encoding: 'utf8' })
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

editorForThisFile('editor-marketer', (run) => ({ project, editor, browser } = run), {
  // The site has Jacksonville in Spanish: the copy loses it, so that New page can make it anew.
  prepare: (dir) => {
    for (const name of readdirSync(join(dir, 'pages/es'))) {
      const spanish = join(dir, 'pages/es', name)
      if (
        name.endsWith('.yaml') &&
        /translationOf: \/jacksonville-security-services\s/.test(readFileSync(spanish, 'utf8'))
      )
        rmSync(spanish)
    }
  },
})

const openEditor = (page: Page, pageFile: string) => openInEditor(page, editor.url, pageFile)

/**
 * Drags `handle` with the mouse, in small steps, until the centre of `moving` (what the handle
 * moves) is on the centre of `target`: dnd-kit then puts it at the target's place. It returns once
 * a click reaches the page again: after a drop, dnd-kit stops every click until a timer it set
 * on the drop has run (so that the drop is not also a click), and on a busy machine that timer ran
 * late enough to swallow the test's next click, on Save.
 */
async function drag(page: Page, handle: string, moving: string, target: string) {
  const from = (await page.locator(moving).boundingBox())!
  const to = (await page.locator(target).boundingBox())!
  const grip = (await page.locator(handle).boundingBox())!
  const x = grip.x + grip.width / 2
  const y = grip.y + grip.height / 2
  const dy = to.y + to.height / 2 - (from.y + from.height / 2)
  await page.mouse.move(x, y)
  await page.mouse.down()
  for (let step = 1; step <= 20; step++) await page.mouse.move(x, y + (dy * step) / 20)
  await page.mouse.up()
  await page.waitForFunction(() => {
    const probe = document.createElement('span')
    let reached = false
    probe.addEventListener('click', () => {
      reached = true
    })
    document.body.append(probe)
    probe.click()
    probe.remove()
    return reached
  })
}

/** The problem `npm run check` reports at a field, as the editor lists it. */
const problemAt = (page: Page, path: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^(Error|Warning) at ${literal(path)} `) }) })

describe('the page editor, as a marketer uses it', () => {
  it('saves a block dragged above another in that order, the file differing only by the moved lines', async () => {
    const before = file(TAMPA)
    const types = (parse(before) as { blocks: { type: string }[] }).blocks.map((b) => b.type)
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 3000 } })
    await openEditor(page, TAMPA)
    // Every form folded: the blocks are a short list of their headings and handles.
    await page.getByRole('button', { name: 'Fold all forms' }).click()
    await page.locator('#meta_title').waitFor({ state: 'detached' })
    // Drag the third block's handle until it sits where the second block is.
    await drag(page, '#block-2-handle', '#block-2-section', '#block-1-section')
    await expect(page.locator('#block-1-heading').textContent()).resolves.toMatch(/^2\. /)
    await page
      .locator('#save-state')
      .filter({ hasText: /^Unsaved changes$/ })
      .waitFor()
    await saveWithDiff(page)

    const after = file(TAMPA)
    const moved = [types[0], types[2], types[1], ...types.slice(3)]
    expect((parse(after) as { blocks: { type: string }[] }).blocks.map((b) => b.type)).toEqual(moved)
    // The same lines, in another order: only the two blocks' lines moved.
    expect(after).not.toBe(before)
    expect(after.split('\n').sort()).toEqual(before.split('\n').sort())
    const firstChanged = before.split('\n').findIndex((line, i) => line !== after.split('\n')[i])
    expect(before.split('\n')[firstChanged]).toBe(`  - type: ${types[1]}`)
    expect(after.split('\n')[firstChanged]).toBe(`  - type: ${types[2]}`)
  })

  it("saves a list's item dragged above another in that order, the file differing only by the moved lines", async () => {
    const MIAMI = 'pages/miami-security-services.yaml'
    const before = file(MIAMI)
    const keywords = (text: string) => (parse(text) as { meta: { keywords: string[] } }).meta.keywords
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 1600 } })
    await openEditor(page, MIAMI)
    const item = (i: number) => `[id="meta_keywords-item-${i}-handle"]`
    await drag(page, item(1), `${item(1)} >> xpath=..`, `${item(0)} >> xpath=..`)
    const [first, second, ...rest] = keywords(before)
    await page.waitForFunction(
      (expected) => (document.getElementById('meta_keywords_0') as HTMLInputElement | null)?.value === expected,
      second,
    )
    await saveWithDiff(page)
    const after = file(MIAMI)
    expect(keywords(after)).toEqual([second, first, ...rest])
    expect(after.split('\n').sort()).toEqual(before.split('\n').sort())
  })

  it('shows the typed title and description as a search result, with meters that count what npm run check counts', async () => {
    const { page } = await openPage(browser)
    await openEditor(page, JACKSONVILLE)
    const title = page.locator('#meta_title')
    const description = page.locator('#meta_description')
    const meter = (field: string) => page.locator(`[id="meta_${field}__meter"]`)

    // Too short: the meter and npm run check give the same count.
    await title.fill('Jax Guards')
    await page.getByTestId('search-title').filter({ hasText: 'Jax Guards | Sentinel Shield' }).waitFor()
    const short = await problemAt(page, 'meta.title')
      .filter({ hasText: /the title is \d+ characters/ })
      .innerText()
    const checked = Number(/the title is (\d+) characters/.exec(short)?.[1])
    await meter('title')
      .filter({ hasText: new RegExp(`^${checked} characters .*too short`) })
      .waitFor()
    await expect(title.getAttribute('aria-invalid')).resolves.toBe('true')
    expect((await title.getAttribute('aria-describedby'))?.split(' ')).toContain('meta_title__meter')

    // A description with a fact in it: counted as filled in, as npm run check counts it.
    await description.fill('Guards in {{company.address.city}}.')
    // (The schema's own range, which npm run check reports first, counts the same way.)
    const counted = /(?:the description is|this one has) (\d+)/
    const shortDescription = await problemAt(page, 'meta.description').filter({ hasText: counted }).innerText()
    const described = Number(counted.exec(shortDescription)?.[1])
    await meter('description')
      .filter({ hasText: new RegExp(`^${described} characters: too short`) })
      .waitFor()
    expect(described).toBeGreaterThan('Guards in .'.length)

    // Too long, then within range: cut where search results cut it, then shown whole.
    const text =
      'Armed and unarmed guards, executive protection and event security across Jacksonville and the First Coast.'
    await description.fill(text)
    const long = 'Jacksonville Security Services, Bodyguards and Estate Protection Teams'
    await title.fill(long)
    await page.getByTestId('search-title').filter({ hasText: /…$/ }).waitFor()
    await meter('title')
      .filter({ hasText: /too long/ })
      .waitFor()
    await problemAt(page, 'meta.title')
      .filter({ hasText: /search results cut titles after/ })
      .waitFor()

    const good = 'Jacksonville Security and Bodyguards'
    await title.fill(good)
    await page
      .getByTestId('search-title')
      .filter({ hasText: `${good} | Sentinel Shield` })
      .waitFor()
    await page.getByTestId('search-description').filter({ hasText: text }).waitFor()
    await meter('title')
      .filter({ hasText: /within range/ })
      .waitFor()
    await meter('description')
      .filter({ hasText: `${text.length} characters: within range` })
      .waitFor()
    await page.getByText('No problems: npm run check would pass for this page.').waitFor()
    // The share card says the same.
    await page.getByTestId('share-card').filter({ hasText: text }).waitFor()
    await page.getByTestId('share-card').locator('img').waitFor()
    await saveWithDiff(page)
    const result = check()
    expect(result.status, result.stdout + result.stderr).toBe(0)
    expect(result.stdout + result.stderr).not.toContain(`${JACKSONVILLE}:3`)
  }, 120_000)

  it('makes the Spanish translation of an English page, paired both ways, and marks it up to date', async () => {
    const { page } = await openPage(browser)
    await openEditor(page, JACKSONVILLE)
    await page.getByRole('button', { name: /^Make the .+ \(es\) translation$/ }).click()
    await expect(page.locator('#new_translationOf').inputValue()).resolves.toBe('/jacksonville-security-services')
    await expect(page.locator('#new_name').inputValue()).resolves.toBe('Jacksonville')
    await page.getByRole('button', { name: 'Create page' }).click()
    const created = page.getByRole('status').filter({ hasText: /^Created pages\/es\// })
    await created.waitFor()
    const spanish = /Created (pages\/es\/\S+\.yaml)/.exec(await created.innerText())![1]
    const result = check()
    expect(result.status, result.stdout + result.stderr).toBe(0)
    expect((parse(file(spanish)) as { meta: { translationOf: string } }).meta.translationOf).toBe(
      '/jacksonville-security-services',
    )

    // The Spanish page names its English source and shows it beside the form.
    await page
      .getByRole('heading', { name: new RegExp(literal(spanish)) })
      .first()
      .waitFor()
    await page
      .getByTestId('translations')
      .filter({ hasText: '(en) version: /jacksonville-security-services' })
      .waitFor()
    await page.getByRole('complementary', { name: /Source: \/jacksonville-security-services/ }).waitFor()
    // The English page names its Spanish translation.
    await page.getByTestId('translations').getByRole('link', { name: '/jacksonville-security-services' }).click()
    await page
      .getByTestId('translations')
      .filter({ hasText: /\(es\) version: \/es\// })
      .waitFor()

    // Never marked up to date: flagged in the list, until "Mark as up to date".
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: new RegExp(literal(spanish)) }) })
    await item.filter({ hasText: 'Translation out of date' }).waitFor()
    await item.getByRole('button', { name: /Mark as up to date/ }).click()
    await page.getByRole('status').filter({ hasText: 'now records that it translates' }).waitFor()
    await item.filter({ hasNotText: 'Translation out of date' }).waitFor()
    expect(file(spanish)).toMatch(/sourceHash: "[0-9a-f]+"/)
    const after = check()
    expect(after.status).toBe(0)
    expect(after.stdout + after.stderr).not.toContain(`${spanish}`)
  }, 240_000)
})

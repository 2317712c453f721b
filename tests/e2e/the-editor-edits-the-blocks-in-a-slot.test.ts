// The page editor edits the blocks inside a block's slots (issue 59): in the Orlando page's hero,
// the quote form in the aside is removed and a picture put there instead, its caption typed and
// drawn in the preview in place; a columns block is added and its two columns swapped with the
// keyboard. Saved, the file changed only in those lines, and `npm run check` still passes.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { type ProjectCopy, type RunningProcess, TSX } from '../../bench/project'
import { openPage } from './browser'
import { editorForThisFile, openInEditor, saveWithDiff } from './editor-process'

const ORLANDO = 'pages/orlando-security-services.yaml'
let project: ProjectCopy
let editor: RunningProcess
let browser: Browser

editorForThisFile('editor-slots', (run) => ({ project, editor, browser } = run))

const file = () => readFileSync(join(project.dir, ORLANDO), 'utf8')
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id)
type Block = { type: string; [slot: string]: unknown }

describe("the page editor's slots", () => {
  it("replaces the hero aside's form by a picture and swaps two columns, saving only those lines", async () => {
    const before = file()
    const count = (parse(before) as { blocks: Block[] }).blocks.length
    const { page } = await openPage(browser)
    await openInEditor(page, editor.url, ORLANDO)

    // The hero's aside holds the quote form, with its own form (its heading field).
    const aside = page.locator('#block-0-aside')
    await expect(page.locator('#block-0-aside-0_heading').inputValue()).resolves.toBe('Get a Free Quote')
    // The slot holds one block: full, nothing more can be added until it is removed.
    await expect(aside.getByRole('button', { name: 'Add to Aside' }).isDisabled()).resolves.toBe(true)
    await page
      .locator('#block-0-aside-0-section')
      .getByRole('button', { name: /^Remove/ })
      .press('Enter')
    await expect.poll(() => focused(page)).toBe('block-0-aside-add-type')

    // A picture, chosen among the types the aside takes, from its schema's example.
    const types = await page.locator('#block-0-aside-add-type option').allTextContents()
    expect(types.slice(1).sort()).toEqual(['Form', 'Picture'])
    await page.locator('#block-0-aside-add-type').selectOption('picture')
    await aside.getByRole('button', { name: 'Add to Aside' }).press('Enter')
    await expect.poll(() => focused(page)).toBe('block-0-aside-0-heading')
    await page.locator('#block-0-aside-0_caption').fill('Our protection director')
    await page
      .frameLocator('iframe[title^="Preview at phone width"]')
      .locator('figcaption', { hasText: 'Our protection director' })
      .waitFor()

    // A columns block at the end, its second column moved before the first with the keyboard.
    await page.locator('#add-block-type').selectOption('columns')
    await page.getByRole('button', { name: 'Add block' }).press('Enter')
    const columns = `block-${count}-columns`
    await page.locator(`#${columns}-1-up`).press('Enter')
    // At the top its Move up is disabled: focus is on its Move down.
    await expect.poll(() => focused(page)).toBe(`${columns}-0-down`)
    await expect(page.locator(`#${columns}-0-heading`).textContent()).resolves.toBe('1. Picture')

    await saveWithDiff(page)
    const after = file()
    const saved = parse(after) as { blocks: Block[] }
    expect((saved.blocks[0].aside as Block[]).map((b) => b.type)).toEqual(['picture'])
    expect((saved.blocks[count].columns as Block[]).map((b) => b.type)).toEqual(['picture', 'prose'])

    // Only those lines: the page up to the aside, and from the block after the hero to its end, as written.
    const old = before.split('\n')
    const now = after.split('\n')
    const asideAt = old.indexOf('    aside:') + 1
    const cards = (lines: string[]) => lines.indexOf('  - type: cards')
    expect(now.slice(0, asideAt)).toEqual(old.slice(0, asideAt))
    expect(now.slice(asideAt, cards(now))).toContain('      - type: picture')
    expect(now.slice(cards(now), cards(now) + old.length - 1 - cards(old))).toEqual(old.slice(cards(old), -1))
    expect(now.slice(cards(now) + old.length - 1 - cards(old))[0]).toBe('  - type: columns')

    const check = spawnSync(TSX, ['scripts/check.ts'], { cwd: project.dir, encoding: 'utf8' })
    expect(check.status, check.stdout + check.stderr).toBe(0)
  }, 240_000)
})

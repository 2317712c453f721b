// Publishing from the page editor, in real Chromium, through real git: the editor runs in a copy
// of the project whose origin is a bare repository made in a temporary folder. The marketer
// changes the Orlando hero and an FAQ answer; the Publish view says both in words; Publish makes
// exactly one commit with only that file and the remote's main has it; a colleague's commit to
// the same line meanwhile is shown field by field and the marketer's choice is what lands; Undo
// makes a revert commit and the remote's file is back to its old bytes; a page `npm run check`
// fails cannot be published and its error is shown at its field. Used with the keyboard only;
// axe finds nothing; screenshots at 375 and 1280 px go to test-results/.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { type ProjectCopy, ROOT, type RunningProcess } from '../../bench/project'
import { launchBrowser, openPage } from './browser'
import { editorCopy, openInEditor, startEditor } from './editor-process'

const ORLANDO = 'pages/orlando-security-services.yaml'
// Who commits: the environment of the processes this test starts, not the machine's git config.
const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Maria Marketer',
  GIT_AUTHOR_EMAIL: 'maria@example.com',
  GIT_COMMITTER_NAME: 'Maria Marketer',
  GIT_COMMITTER_EMAIL: 'maria@example.com',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
}
let project: ProjectCopy
let temp: string
let remote: string
let colleague: string
let editor: RunningProcess
let browser: Browser
let page: Page

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } }).trim()
const onRemote = (file: string) => execFileSync('git', ['show', `main:${file}`], { cwd: remote })
const commits = () => Number(git(remote, 'rev-list', '--count', 'main'))
const faqIndex = () =>
  (parse(readFileSync(join(ROOT, ORLANDO), 'utf8')) as { blocks: { type: string }[] }).blocks.findIndex(
    (b) => b.type === 'faq',
  )

/** Saves the page open, once the file on disk says `expected` (the last message may still read "Saved"). */
async function save(expected: string) {
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByRole('button', { name: 'Save these changes' }).click()
  // The file itself is waited for, as long as a busy machine needs (poll's own default is 1 s).
  await expect
    .poll(() => JSON.stringify(parse(readFileSync(join(project.dir, ORLANDO), 'utf8'))), { timeout: 60_000 })
    .toContain(expected)
}

async function openPublish() {
  const toggle = page.getByRole('button', { name: 'Publish changes' })
  if (await toggle.isVisible()) await toggle.click()
  await page.getByRole('heading', { name: 'Publish to the live site' }).waitFor()
  await page.getByText(/^Live: branch main of origin/).waitFor()
}

/** Presses Tab until `name`d control has focus (keyboard only), then `key`. */
async function tabTo(role: 'button' | 'radio', name: string | RegExp, key: string) {
  const target = page.getByRole(role, { name, exact: typeof name === 'string' }).first()
  for (let i = 0; i < 200 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  expect(await target.evaluate((el) => el === document.activeElement)).toBe(true)
  await page.keyboard.press(key)
}

const said = () => page.locator('.publish__said')

beforeAll(async () => {
  project = editorCopy('publish')
  temp = mkdtempSync(join(tmpdir(), 'publish-remote-'))
  remote = join(temp, 'site.git')
  colleague = join(temp, 'colleague')
  git(temp, 'init', '--quiet', '--bare', '-b', 'main', remote)
  git(project.dir, 'init', '--quiet', '-b', 'main')
  git(project.dir, 'add', '-A')
  git(project.dir, 'commit', '--quiet', '-m', 'The site as it is live')
  git(project.dir, 'remote', 'add', 'origin', remote)
  git(project.dir, 'push', '--quiet', '-u', 'origin', 'main')
  git(temp, 'clone', '--quiet', remote, colleague)
  ;({ editor } = await startEditor(project.dir, GIT_ENV))
  browser = await launchBrowser()
  ;({ page } = await openPage(browser, { viewport: { width: 1280, height: 900 } }))
})

// What the page showed when a step failed, to look at.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail')
    await page?.screenshot({
      path: join(ROOT, `test-results/publishing-failed-${task.name.slice(0, 20)}.png`),
      fullPage: true,
    })
})

afterAll(async () => {
  await browser?.close()
  await editor?.stop()
  project?.remove()
  if (temp) rmSync(temp, { recursive: true, force: true })
})

describe('publishing from the editor', () => {
  const answer = () => `#block-${faqIndex()}_items_2_answer`

  it('describes the hero and FAQ changes in words and publishes them as one commit of that file', async () => {
    await openInEditor(page, editor.url, ORLANDO)
    await page.locator('#block-0_heading').fill('Orlando Bodyguards and Executive Protection')
    await page.locator(answer()).fill('Yes: every officer is licensed, and armed where the assessment calls for it.')
    await save('armed where the assessment calls for it.')
    await openPublish()
    const file = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /orlando-security/ }) })
    await expect
      .poll(() => file.getByRole('listitem').allInnerTexts())
      .toEqual([
        'Hero · Heading: ‘Orlando Security Services and Executive Protection’ → ‘Orlando Bodyguards and Executive Protection’',
        expect.stringMatching(
          /^FAQ · Item 3 · Answer: ‘Every officer holds .*…’ → ‘Yes: every officer is licensed, and armed where the assessment calls for it\.’$/,
        ),
      ])
    await file.getByText('npm run check passes.').waitFor()
    expect(await page.getByLabel(/^Message/).inputValue()).toBe('Orlando page: hero heading, FAQ 3')

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: join(ROOT, `test-results/publish-view-${width}.png`), fullPage: true })
    }
    const axe = await new AxeBuilder({ page }).include('.publish').analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])

    const count = commits()
    await tabTo('button', 'Publish', 'Enter')
    await said()
      .filter({ hasText: /^Published as commit [0-9a-f]{7} to main\./ })
      .waitFor()
    expect(commits()).toBe(count + 1)
    expect(git(remote, 'show', '--name-only', '--format=%s', 'main').split('\n')).toEqual([
      'Orlando page: hero heading, FAQ 3',
      '',
      ORLANDO,
    ])
    expect(onRemote(ORLANDO).equals(readFileSync(join(project.dir, ORLANDO)))).toBe(true)
    await page.getByText('Nothing to publish: every page and image is as it is on the live site.').waitFor()
  })

  it("shows a colleague's change to the same line field by field, and the marketer's choice is what lands", async () => {
    // The colleague changes the hero heading on the live site meanwhile.
    git(colleague, 'pull', '--quiet', '--ff-only')
    const theirs = join(colleague, ORLANDO)
    writeFileSync(
      theirs,
      readFileSync(theirs, 'utf8').replace('Orlando Bodyguards and Executive Protection', 'Orlando Security Guards'),
    )
    git(colleague, 'commit', '--quiet', '-am', 'Colleague: hero heading')
    git(colleague, 'push', '--quiet', 'origin', 'main')

    await openInEditor(page, editor.url, ORLANDO)
    await page.locator('#block-0_heading').fill('Orlando Executive Protection')
    await save('"heading":"Orlando Executive Protection"')
    await openPublish()
    await tabTo('button', 'Publish', 'Enter')
    const conflict = page.getByRole('group', { name: /^Hero · Heading/ })
    await conflict.waitFor()
    await conflict.getByText('Yours: ‘Orlando Executive Protection’').waitFor()
    await conflict.getByText('Live now: ‘Orlando Security Guards’').waitFor()
    expect(git(remote, 'log', '-1', '--format=%s', 'main')).toBe('Colleague: hero heading')
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: join(ROOT, `test-results/publish-conflict-${width}.png`), fullPage: true })
    }
    const axe = await new AxeBuilder({ page }).include('.publish').analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])

    await tabTo('radio', /^Yours/, 'Space')
    expect(await page.getByRole('radio', { name: /^Yours/ }).isChecked()).toBe(true)
    await tabTo('button', 'Publish with these choices', 'Enter')
    await said()
      .filter({ hasText: /^Published as commit/ })
      .waitFor()
    const landed = parse(onRemote(ORLANDO).toString()) as { blocks: { heading: string }[] }
    expect(landed.blocks[0].heading).toBe('Orlando Executive Protection')
    expect(git(remote, 'log', '-2', '--format=%s', 'main').split('\n')[1]).toBe('Colleague: hero heading')
  })

  it("undoes the last publish with a revert commit: the remote's file is back to its old bytes", async () => {
    const old = execFileSync('git', ['show', `main~1:${ORLANDO}`], { cwd: remote })
    const last = git(remote, 'rev-parse', 'main')
    const recent = page.getByRole('region', { name: 'Recently published' })
    // The list shows the publish just made, first (it is read again after each publish).
    const latest = recent.getByRole('listitem').first()
    await latest.getByText(git(remote, 'log', '-1', '--format=%s', 'main'), { exact: true }).waitFor()
    await latest.getByText(/^Maria Marketer, /).waitFor()
    await tabTo('button', /^Undo/, 'Enter')
    await said()
      .filter({ hasText: /^Undone/ })
      .waitFor()
    expect(git(remote, 'log', '-1', '--format=%B', 'main')).toContain(`This reverts commit ${last}.`)
    expect(onRemote(ORLANDO).equals(old)).toBe(true)
  })

  it('keeps a page npm run check fails from being published, with the error at its field', async () => {
    const broken = 'pages/orlando-security-services.yaml'
    const text = readFileSync(join(project.dir, broken), 'utf8').replace(/^ {2}title: .*$/m, '  title: Orlando')
    writeFileSync(join(project.dir, broken), text)
    const count = commits()
    // The development server shows the build's error over every page it serves: dismissed as a
    // marketer would, with Escape.
    const overlay = page.locator('vite-error-overlay')
    await page.getByRole('heading', { name: 'Publish to the live site' }).waitFor()
    await overlay.waitFor({ state: 'attached' })
    await page.keyboard.press('Escape')
    await overlay.waitFor({ state: 'detached' })
    await tabTo('button', 'Look again', 'Enter')
    const file = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /orlando-security/ }) })
    const field = file.getByRole('listitem').filter({ hasText: /^Page settings · Title: / })
    await field.locator('.publish__error').waitFor()
    expect(await field.locator('.publish__error').innerText()).toMatch(/title.*(short|at least|characters)/i)
    await page.getByText(/fix them \(or discard the changes\) before publishing/).waitFor()
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(true)
    expect(commits()).toBe(count)
  })
})

// `npm run edit` (scripts/edit.ts) in a throw-away copy of the project, on a free port of 127.0.0.1.
import { createServer } from 'node:net'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll } from 'vitest'
import { copyProject, type ProjectCopy, type RunningProcess, startProcess, TSX } from '../../bench/project'
import { launchBrowser } from './browser'

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/**
 * The editor's process and its origin (http://127.0.0.1:<port>), once it says it is ready; `env`
 * adds to its environment (git's identity, publishing's settings).
 */
export async function startEditor(
  dir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ editor: RunningProcess; origin: string }> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const editor = await startProcess(TSX, ['scripts/edit.ts'], {
    cwd: dir,
    env: { ...env, PORT: String(port) },
    ready: /Page editor: (http:\S+)/,
    url: `${origin}/_editor/`,
    timeoutMs: 120_000,
  })
  return { editor, origin }
}

/** Opens `pageFile` in the editor at `url`: its link in the page list, then its heading and forms. */
export async function openInEditor(page: Page, url: string, pageFile: string) {
  const name = new RegExp(pageFile.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
  await page.goto(url)
  await page.getByRole('link', { name }).click()
  await page.getByRole('heading', { name }).waitFor()
  await page.getByRole('heading', { name: 'Page settings' }).waitFor()
}

/** Saves the open page: Save, then Save these changes in the dialog of the lines that will change, until it says Saved. */
export async function saveWithDiff(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const diff = page.getByRole('dialog', { name: /Lines that will change/ })
  await diff.getByRole('button', { name: 'Save these changes' }).click()
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved / })
    .waitFor()
}

export type EditorRun = { project: ProjectCopy; editor: RunningProcess; origin: string; browser: Browser }

/**
 * The start-up every editor test file shares, as its beforeAll and afterAll: a throw-away copy of
 * the project (`prepare` changes it before the editor reads it), `npm run edit` in it, and
 * Chromium (unless `browser: false`); all stopped and removed after the file. `use` is given them
 * once they run. The editor's page is loaded once here, in the hook: in a fresh copy Vite
 * compiles the editor's modules for its first load, which on a busy machine took longer than a
 * test's first navigation may (30 s).
 */
export function editorForThisFile(
  label: string,
  use: (run: EditorRun) => void,
  options: { prepare?: (dir: string) => void | Promise<void>; browser?: boolean } = {},
) {
  const run: Partial<EditorRun> = {}
  beforeAll(async () => {
    // With the project's build caches: a build or check in the copy redoes only what changed.
    run.project = copyProject(label, undefined, { buildCache: true })
    await options.prepare?.(run.project.dir)
    const started = await startEditor(run.project.dir)
    run.editor = started.editor
    run.origin = started.origin
    if (options.browser !== false) {
      run.browser = await launchBrowser()
      const context = await run.browser.newContext()
      const page = await context.newPage()
      await page.goto(started.editor.url, { timeout: 200_000 })
      await context.close()
    }
    use(run as EditorRun)
  }, 240_000)
  afterAll(async () => {
    await run.browser?.close()
    await run.editor?.stop()
    run.project?.remove()
  })
}

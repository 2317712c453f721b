// `npm run edit` (scripts/edit.ts) in a throw-away copy of the project, on a free port of 127.0.0.1.
import { existsSync, renameSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Browser, Page, Request } from 'playwright'
import { afterAll, beforeAll, beforeEach, inject } from 'vitest'
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
 * A throw-away copy of the project for an editor test file, made where the files of this worker
 * make theirs in this run (tests/e2e/editor-copies-setup.ts): at one and the same place, so that
 * Vite's dependency cache (node_modules/.vite) of the file before serves this one. Vite keys it
 * by the project's root, the lockfile and its configuration, and bundles the dependencies again
 * when any of them differs (a copy at another place, a changed package-lock.json): the cache is
 * Vite's own, never stale. Removing the copy sets its cache aside for the next file; the rest of
 * the run's folder goes at the end of the run. With `buildCache`, as copyProject's.
 */
export function editorCopy(label: string, options: { buildCache?: boolean } = {}): ProjectCopy {
  const dir = join(inject('editorCopies'), `worker-${process.env.VITEST_POOL_ID ?? 1}`)
  const setAside = `${dir}.vite`
  const cache = join(dir, 'node_modules', '.vite')
  // A file stopped before its afterAll leaves its copy behind.
  rmSync(dir, { recursive: true, force: true })
  const copy = copyProject(label, undefined, { ...options, dir })
  if (existsSync(setAside)) renameSync(setAside, cache)
  return {
    dir,
    remove() {
      if (existsSync(cache)) {
        rmSync(setAside, { recursive: true, force: true })
        renameSync(cache, setAside)
      }
      copy.remove()
    },
  }
}

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
  // The editor's requests from the click on Save on, each with its answer once it has one.
  const asked = new Map<Request, string>()
  const onRequest = (request: Request) => {
    if (request.url().includes('/_editor/api/')) asked.set(request, 'no answer yet')
  }
  const onAnswer = (request: Request) => {
    if (asked.has(request)) asked.set(request, `${request.failure()?.errorText ?? 'answered'}`)
  }
  page.on('request', onRequest)
  page.on('requestfinished', onAnswer)
  page.on('requestfailed', onAnswer)
  try {
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const diff = page.getByRole('dialog', { name: /Lines that will change/ })
    await diff.getByRole('button', { name: 'Save these changes' }).click()
  } catch (error) {
    const requests = [...asked].map(([r, state]) => `${new URL(r.url()).pathname}: ${state}`).join(', ')
    throw new Error(
      `no dialog of the lines that will change after Save; the editor shows: ${await editorState(page)}; its requests since Save: ${requests || 'none'}`,
      { cause: error },
    )
  } finally {
    page.off('request', onRequest)
    page.off('requestfinished', onAnswer)
    page.off('requestfailed', onAnswer)
  }
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved / })
    .waitFor()
}

/**
 * What the editor shows of its save state, for a failure message: the save state, its messages and
 * alerts, the problems heading, and how long ago the tab loaded (a reload of the tab drops a dialog).
 */
const editorState = (page: Page) =>
  page
    .evaluate(() =>
      [
        `save state "${document.getElementById('save-state')?.textContent}"`,
        ...[...document.querySelectorAll('[role="status"], [role="alert"], #problems-heading')].map(
          (e) => `${e.getAttribute('role') ?? e.id} "${e.textContent?.trim().slice(0, 300)}"`,
        ),
        `the tab loaded ${Math.round(performance.now())} ms before`,
      ].join('; '),
    )
    .catch((reason: unknown) => `(unreadable: ${reason})`)

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
    run.project = editorCopy(label, { buildCache: true })
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
  // A failing test says what the editor's server printed last (a reload, a rebuilt dependency, an error).
  beforeEach(({ onTestFailed }) =>
    onTestFailed(() => console.error(`[${label}] the editor's last output:\n${run.editor?.output().slice(-3000)}`)),
  )
  afterAll(async () => {
    await run.browser?.close()
    await run.editor?.stop()
    run.project?.remove()
  })
}

// `npm run edit` (scripts/edit.ts) in a throw-away copy of the project, on a free port of 127.0.0.1.
import { createServer } from 'node:net'
import type { Page } from 'playwright'
import { type RunningProcess, startProcess, TSX } from '../../bench/project'

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

// Serves the built dist/ with its embedded backend (fresh data folder) for the browser tests: one
// site server per worker (vitest runs two test files at once, each worker in turn taking the next
// longest: tests/timed-sequencer.ts), so that the files running at the same time never share a
// backend (its rate limit, its stored submissions), as when they ran in two processes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startSiteServer } from '../../server/site-server'

export default async function setup(project: TestProject) {
  // vitest.config.ts sets maxWorkers at the root (TEST_WORKERS, 2 by default).
  const workers = Math.max(
    1,
    Number(project.config.maxWorkers) ||
      Number(project.vitest.config.maxWorkers) ||
      Number(process.env.TEST_WORKERS ?? 2),
  )
  console.log(`Browser tests: ${workers} site servers, one per worker.`)
  const dataRoot = mkdtempSync(join(tmpdir(), 'site-e2e-'))
  // Port 0 lets the system pick a free port, so a busy 4174 never fails the run.
  const sites = await Promise.all(
    Array.from({ length: workers }, (_, i) =>
      startSiteServer({
        distDir: resolve('dist'),
        dataDir: join(dataRoot, `pglite-${i + 1}`),
        port: i === 0 ? Number(process.env.E2E_PORT ?? 0) : 0,
        host: '127.0.0.1',
      }),
    ),
  )
  const urls = sites.map((site) => {
    const address = site.server.address()
    const port = typeof address === 'object' && address ? address.port : Number(process.env.E2E_PORT)
    return `http://127.0.0.1:${port}`
  })
  project.provide('baseURLs', urls)
  project.provide(
    'dataDirs',
    urls.map((_, i) => join(dataRoot, `pglite-${i + 1}`)),
  )
  return async () => {
    await Promise.all(sites.map((site) => site.close()))
    rmSync(dataRoot, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURLs: string[]
    dataDirs: string[]
  }
}

// Serves the built dist/ with its embedded backend (fresh data folder) for the browser tests.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startSiteServer } from '../../server/site-server'

export default async function setup(project: TestProject) {
  const dataRoot = mkdtempSync(join(tmpdir(), 'site-e2e-'))
  // Port 0 lets the system pick a free port, so a busy 4174 never fails the run.
  const site = await startSiteServer({
    distDir: resolve('dist'),
    dataDir: join(dataRoot, 'pglite'),
    port: Number(process.env.E2E_PORT ?? 0),
    host: '127.0.0.1',
  })
  const address = site.server.address()
  const port = typeof address === 'object' && address ? address.port : Number(process.env.E2E_PORT)
  project.provide('baseURL', `http://127.0.0.1:${port}`)
  project.provide('dataDir', join(dataRoot, 'pglite'))
  return async () => {
    await site.close()
    rmSync(dataRoot, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
  }
}

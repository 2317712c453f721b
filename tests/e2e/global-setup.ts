// Serves the built dist/ with its embedded backend (fresh data folder) for the browser tests: one
// site server per worker (vitest runs two test files at once, each worker in turn taking the next
// longest: tests/timed-sequencer.ts), so that the files running at the same time never share a
// backend (its rate limit, its stored submissions), as when they ran in two processes.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { FORMS } from '../../forms/registry'
import { startSiteServer } from '../../server/site-server'
import { storedSubmissionsIn } from '../../server/stored-submissions'
import { makeMigratedDatabase } from '../setup/migrated-database'

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
  // The run's migrated database: these backends and those the test files start load it.
  const migrated = await makeMigratedDatabase()
  project.provide('migratedDatabase', migrated.file)
  const startFrom = new Blob([readFileSync(migrated.file)])
  // Every test's browser reaches these servers from 127.0.0.1: to the backend, the whole suite is
  // one network sending dozens of forms, so its per-network limit (10 a kind in 10 minutes) would
  // refuse whichever form of a worker came eleventh, a different one as files and the clock
  // fall. The limit is tested on a server of its own (tests/e2e/forms-rate-limit.test.ts); the
  // per-address limit stays on here.
  const env = { ...process.env, RATE_LIMIT_MAX: '0' }
  // Port 0 lets the system pick a free port, so a busy 4174 never fails the run.
  const sites = await Promise.all(
    Array.from({ length: workers }, (_, i) =>
      startSiteServer({
        distDir: resolve('dist'),
        dataDir: join(dataRoot, `pglite-${i + 1}`),
        port: i === 0 ? Number(process.env.E2E_PORT ?? 0) : 0,
        host: '127.0.0.1',
        env,
        startFrom,
      }),
    ),
  )
  const urls = sites.map((site) => {
    const address = site.server.address()
    const port = typeof address === 'object' && address ? address.port : Number(process.env.E2E_PORT)
    return `http://127.0.0.1:${port}`
  })
  project.provide('baseURLs', urls)
  const control = await startSubmissionsChannel(sites.map((site) => site.backend.db))
  project.provide('submissionsURLs', control.urls)
  return async () => {
    await control.close()
    await Promise.all(sites.map((site) => site.close()))
    rmSync(dataRoot, { recursive: true, force: true })
    migrated.remove()
  }
}

/**
 * What each site server's backend has stored, asked of the database it has open (tests/e2e/submissions.ts).
 * `npm run submissions` cannot open a directory a running backend holds: it copies the folder and
 * starts PGlite on the copy, seconds per call (30 s and more on a busy machine). This channel is
 * the test set-up's own: a server on the loopback address, apart from the site's, its addresses
 * secret to this run; the site's server has no such route.
 */
async function startSubmissionsChannel(databases: PGlite[]) {
  const secret = randomUUID()
  const server = createServer((req, res) => {
    const match = new RegExp(`^/${secret}/submissions/(\\d+)$`).exec(req.url ?? '')
    const db = match ? databases[Number(match[1])] : undefined
    if (req.method !== 'GET' || !db) {
      res.writeHead(404).end()
      return
    }
    storedSubmissionsIn(db, FORMS).then(
      (stored) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(stored)),
      (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error)),
    )
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    urls: databases.map((_, i) => `http://127.0.0.1:${port}/${secret}/submissions/${i}`),
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURLs: string[]
    /** Where this run's test set-up answers what each site server's backend stored. */
    submissionsURLs: string[]
  }
}

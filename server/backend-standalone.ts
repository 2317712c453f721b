/**
 * Local backend on its own port: `tsx server/backend-standalone.ts`.
 * Env: PORT (default 54321, the Supabase CLI's API port), HOST (127.0.0.1; any
 * other address requires IP_HASH_SALT and ALLOWED_ORIGINS), BACKEND_DATA_DIR
 * (.data/pglite), plus the handler's and the NOTIFY_* settings (see README).
 * Prints "listening on <url>" once ready (the benchmark waits for that line).
 */
import { mkdirSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, resolve } from 'node:path'
import { summarise } from '../supabase/functions/_shared/db-errors.ts'
import { assertSafeToExpose, DEFAULT_HOST } from './exposure.ts'
import { createLocalBackend } from './local-backend.ts'
import { remoteAddressOf, sendFetchResponse, toFetchRequest } from './node-fetch-adapter.ts'

const dataDir = resolve(process.env.BACKEND_DATA_DIR ?? '.data/pglite')
const host = process.env.HOST || DEFAULT_HOST
const port = Number(process.env.PORT ?? 54321)

mkdirSync(dirname(dataDir), { recursive: true })
const backend = await Promise.resolve()
  .then(() => assertSafeToExpose(host, process.env))
  .then(() => createLocalBackend({ dataDir, env: process.env }))
  .catch((error: Error) => {
    console.error(`[backend] ${error.message}`)
    process.exit(1)
  })

const server = createServer((req, res) => {
  backend
    .handle(toFetchRequest(req), remoteAddressOf(req))
    .then((response) => sendFetchResponse(res, response))
    .catch((error: unknown) => {
      console.error('[backend] unhandled', summarise(error))
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: 'Internal error' }))
    })
})
server.keepAliveTimeout = 5_000

server.listen(port, host, () => {
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  console.log(`listening on http://${host}:${actualPort} (data: ${dataDir})`)
  console.log(backend.notifications.summary)
})

let stopping = false
async function stop(): Promise<void> {
  if (stopping) return
  stopping = true
  // Let in-flight submissions finish before the database closes.
  await new Promise<void>((done) => {
    server.close(() => done())
    server.closeIdleConnections()
    setTimeout(() => {
      server.closeAllConnections()
      done()
    }, 5_000).unref()
  })
  await backend.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())

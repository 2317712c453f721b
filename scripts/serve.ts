// npm run serve: serves the existing dist/ on http://127.0.0.1:4173 (PORT and HOST override), with
// the local backend for the forms of the site in the working folder (its forms/registry.ts).
import { resolve } from 'node:path'
import { DEFAULT_HOST } from '../server/exposure.ts'
import { loadSiteForms } from '../server/site-forms.ts'
import { startSiteServer } from '../server/site-server.ts'

const port = Number(process.env.PORT ?? 4173)
const host = process.env.HOST || DEFAULT_HOST
const { forms } = await loadSiteForms(process.cwd())
const site = await startSiteServer({
  distDir: resolve('dist'),
  forms,
  dataDir: resolve(process.env.BACKEND_DATA_DIR ?? '.data/pglite'),
  port,
  host,
}).catch((error: Error) => {
  // A setting to fix (e.g. NOTIFY_WEBHOOK_URL without its secret) reads better without a stack trace.
  console.error(error.message)
  process.exit(1)
})
console.log(`Site and local backend on http://${host.includes(':') ? `[${host}]` : host}:${port}`)
console.log(site.notifications)
const stop = () => void site.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

// npm run serve: serves the existing dist/ on http://localhost:4173 (PORT overrides).
import { resolve } from 'node:path'
import { startSiteServer } from '../server/site-server.ts'

const port = Number(process.env.PORT ?? 4173)
const site = await startSiteServer({
  distDir: resolve('dist'),
  dataDir: resolve(process.env.BACKEND_DATA_DIR ?? '.data/pglite'),
  port,
})
console.log(`Site and local backend on http://localhost:${port}`)
const stop = () => void site.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

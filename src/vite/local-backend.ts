// `npm run dev` serves the embedded backend on the dev server's own origin, with the same
// handler code as `npm start` and the edge functions, for the site's forms (its forms/registry.ts).
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { createLocalBackend, type LocalBackend } from '../../server/local-backend.ts'
import { remoteAddressOf, sendFetchResponse, toFetchRequest } from '../../server/node-fetch-adapter.ts'
import { loadSiteForms } from '../../server/site-forms.ts'
import { summarise } from '../../supabase/functions/_shared/db-errors.ts'

export function localBackend(options: { siteRoot: string }): Plugin {
  let backend: Promise<LocalBackend> | undefined
  return {
    name: 'local-backend',
    apply: 'serve',
    configureServer(server) {
      const dataDir = resolve(process.env.BACKEND_DATA_DIR ?? '.data/pglite')
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/functions/v1/')) return next()
        if (!backend) {
          mkdirSync(dirname(dataDir), { recursive: true })
          backend = loadSiteForms(options.siteRoot).then(({ forms }) =>
            createLocalBackend({ dataDir, env: process.env, forms }),
          )
          // A failed start is reported with the request below.
          backend.then(
            (b) => server.config.logger.info(b.notifications.summary),
            () => undefined,
          )
        }
        backend
          .then((b) => b.handle(toFetchRequest(req), remoteAddressOf(req)))
          .then((response) => sendFetchResponse(res, response))
          .catch((error: unknown) => {
            console.error('[backend]', summarise(error))
            res.statusCode = 500
            res.end('{"error":"Internal error"}')
          })
      })
      server.httpServer?.once('close', () => void backend?.then((b) => b.close()))
    },
  }
}

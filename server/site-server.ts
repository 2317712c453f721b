// The production server behind `npm start` and `npm run serve`: the prerendered dist/,
// redirects as 301, the not-found page as 404, and the embedded backend under
// /functions/v1/ on the same origin.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { dirname, join } from 'node:path'
import sirv from 'sirv'
import type { FormRegistry } from '../common/forms/define.ts'
import { pageFileOf } from '../src/content/addresses.ts'
import { summarise } from '../supabase/functions/_shared/db-errors.ts'
import { assertSafeToExpose, DEFAULT_HOST } from './exposure.ts'
import { createLocalBackend } from './local-backend.ts'
import { remoteAddressOf, sendFetchResponse, toFetchRequest } from './node-fetch-adapter.ts'
import { parseNotFoundPages, parseRedirects } from './redirects-file.ts'
import { IMMUTABLE, policyInputsOf, REVALIDATE, securityHeaders } from './security-headers.ts'

export type SiteServerOptions = {
  distDir: string
  dataDir: string
  port: number
  host?: string
  /** The backend's settings; process.env unless a test passes its own (e.g. a webhook receiver). */
  env?: Record<string, string | undefined>
  /** The site's forms, which its backend takes (default: the working folder's, LocalBackendOptions.forms). */
  forms?: FormRegistry
  /** A new data folder's first contents: a dump of a migrated database (LocalBackendOptions.startFrom). */
  startFrom?: Blob
}

export async function startSiteServer({
  distDir,
  dataDir,
  port,
  host = DEFAULT_HOST,
  env = process.env,
  startFrom,
  forms,
}: SiteServerOptions) {
  assertSafeToExpose(host, env)
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir} has no build: run npm run build first`)
  const redirectsFile = readFileSync(join(distDir, '_redirects'), 'utf8')
  const redirects = parseRedirects(redirectsFile)
  // Each language's folder has its own not-found page (dist/es/404.html); the rest, dist/404.html.
  const notFoundPages = parseNotFoundPages(redirectsFile).map((n) => ({
    prefix: n.prefix,
    html: readFileSync(join(distDir, n.page)),
  }))
  const notFoundHtml = readFileSync(join(distDir, '404.html'))
  mkdirSync(dirname(dataDir), { recursive: true })
  const backend = await createLocalBackend({ dataDir, env, startFrom, forms })

  const notFound = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const own = notFoundPages.find((n) => path === n.prefix || path.startsWith(`${n.prefix}/`))
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': REVALIDATE })
    res.end(own?.html ?? notFoundHtml)
  }
  const assets = sirv(distDir, {
    etag: true,
    extensions: ['html'],
    // The build wrote .br and .gz copies; sirv picks the one the browser accepts.
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE)
    },
    onNoMatch: (req, res) => notFound(req, res),
  })
  // The inline boot script's hash is read off the build it serves, so the two never disagree.
  // The server itself speaks plain http; it asks for upgrades only for a request that reached
  // it over https through a proxy that terminates TLS (X-Forwarded-Proto: https).
  const inputs = policyInputsOf(distDir, env)
  const headers = Object.entries(securityHeaders(inputs))
  const httpsHeaders = Object.entries(securityHeaders({ ...inputs, https: true }))
  const overHttps = (req: IncomingMessage) =>
    /^https\b/i.test(String(req.headers['x-forwarded-proto'] ?? '')) ||
    (req.socket as { encrypted?: boolean }).encrypted === true

  // Once closing, every answer ends its connection: a browser that keeps reusing a keep-alive
  // connection would otherwise hold server.close() open for as long as it keeps asking.
  let closing = false
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of overHttps(req) ? httpsHeaders : headers) res.setHeader(name, value)
    if (closing) res.setHeader('Connection', 'close')
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname.startsWith('/functions/v1/')) {
      backend
        .handle(toFetchRequest(req), remoteAddressOf(req))
        .then((response) => sendFetchResponse(res, response))
        .catch((error: unknown) => {
          console.error('[backend]', summarise(error))
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' })
          res.end('{"error":"Internal error"}')
        })
      return
    }
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
    const target = redirects.get(path)
    if (target) {
      res.writeHead(301, { Location: target + url.search, 'Cache-Control': 'public, max-age=3600' })
      res.end()
      return
    }
    // A page answers at its address only: /x/ and /x.html are sent there with 308, as Cloudflare
    // Pages does (tests/e2e/cloudflare-pages-serves-dist-as-npm-run-serve-does.test.ts), and so is
    // /x/index.html, where pages were written before.
    const page = pageAddressBehind(url.pathname)
    if (page) {
      res.writeHead(308, { Location: page + url.search, 'Cache-Control': REVALIDATE })
      res.end()
      return
    }
    if (path !== url.pathname) req.url = path + url.search
    assets(req, res, () => notFound(req, res))
  })

  /** The page address another spelling of it stands for (/x/, /x.html, /x/index.html), when dist/ has that page. */
  const pageAddressBehind = (pathname: string): string | undefined => {
    if (pathname === '/') return
    const address = pathname.replace(/(?:\/index\.html|\.html|\/+)$/, '') || '/'
    if (address !== pathname && existsSync(join(distDir, pageFileOf(address)))) return address
  }

  await new Promise<void>((done) => server.listen(port, host, done))
  const close = async () => {
    closing = true
    const closed = new Promise<void>((done) => server.close(() => done()))
    server.closeIdleConnections()
    await closed
    await backend.close()
  }
  return { server, close, notifications: backend.notifications.summary, backend }
}

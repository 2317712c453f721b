// dist/ on the real Cloudflare Pages runtime: wrangler's `pages dev` (workerd, which reads
// _headers and _redirects as the host does) and `npm run serve` answer every address alike:
// each page at its own address with 200 and no redirect, the 301s, each language's 404, the
// caching and the security headers. Wrangler needs Node.js 22 (scripts/ensure-node22.sh gets
// one from the npm registry) and is kept off the network.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseNotFoundPages, parseRedirects } from '../../server/redirects-file'
import { policyInputsOf, securityHeaders } from '../../server/security-headers'
import { dataUrlOf, pageFileOf } from '../../src/content/addresses'
import { baseURL } from './browser'

const dist = resolve('dist')
const text = (file: string) => readFileSync(join(dist, file), 'utf8')
const origin = new URL(text('sitemap.xml').match(/<loc>([^<]+)<\/loc>/)![1]).origin
/** The addresses of the sitemap's pages, and of every alternate it lists. */
const sitemap = [...text('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
const redirectsFile = text('_redirects')

type Answer = { status: number; location: string | null; headers: Headers; body: string }
/** One request, redirects not followed. */
async function answer(base: string, path: string): Promise<Answer> {
  const response = await fetch(new URL(path, base), { redirect: 'manual' })
  return {
    status: response.status,
    location: response.headers.get('location'),
    headers: response.headers,
    body: await response.text(),
  }
}

let wrangler: ChildProcess | undefined
let wranglerHome = ''
const hosts: Record<'Cloudflare Pages' | 'npm run serve', string> = { 'Cloudflare Pages': '', 'npm run serve': '' }
const each = () => Object.entries(hosts)

beforeAll(async () => {
  hosts['npm run serve'] = baseURL()
  const node = execFileSync('bash', ['scripts/ensure-node22.sh'], { encoding: 'utf8' }).trim().split('\n').pop()!
  // Its own folder for wrangler's state, logs and settings, not the project's.
  wranglerHome = mkdtempSync(join(tmpdir(), 'wrangler-pages-'))
  const args = [
    resolve('node_modules/wrangler/bin/wrangler.js'),
    'pages',
    'dev',
    dist,
    '--ip=127.0.0.1',
    '--port=0',
    '--inspector-port=0',
    `--persist-to=${join(wranglerHome, 'state')}`,
    '--compatibility-date=2026-11-17',
    '--show-interactive-dev-session=false',
  ]
  wrangler = spawn(node, args, {
    cwd: wranglerHome,
    detached: true, // its own process group, with the workerd it starts: stopped together
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      XDG_CONFIG_HOME: join(wranglerHome, 'config'),
      // Nothing leaves the machine: no telemetry, no error reports, no update check (it comes
      // with the banner), no fetch of the Request.cf object.
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      NO_COLOR: '1',
    },
  })
  hosts['Cloudflare Pages'] = await new Promise<string>((ready, failed) => {
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk
      const url = output.match(/Ready on (http:\/\/127\.0\.0\.1:\d+)/)?.[1]
      if (url) ready(url)
    }
    wrangler!.stdout!.on('data', read)
    wrangler!.stderr!.on('data', read)
    wrangler!.on('exit', (code) => failed(new Error(`wrangler pages dev exited (${code}):\n${output}`)))
  })
})

afterAll(async () => {
  if (wrangler?.pid && wrangler.exitCode === null) {
    const exited = new Promise((done) => wrangler!.once('exit', done))
    process.kill(-wrangler.pid, 'SIGTERM')
    await exited
  }
  if (wranglerHome) rmSync(wranglerHome, { recursive: true, force: true })
})

describe('dist/ on Cloudflare Pages (wrangler pages dev) and on npm run serve', () => {
  it('every page address of the sitemap answers 200 with its page, no redirect', async () => {
    expect(sitemap.length).toBeGreaterThan(40)
    for (const [host, base] of each()) {
      for (const path of sitemap) {
        const { status, location, body } = await answer(base, path)
        expect({ host, path, status, location }).toEqual({ host, path, status: 200, location: null })
        expect(body, `${host} ${path}`).toBe(text(pageFileOf(path)))
      }
    }
  })

  it('every canonical and hreflang address a page names answers 200, no redirect', async () => {
    const canonical = new Set<string>()
    const hreflang = new Set<string>()
    for (const path of sitemap) {
      const head = text(pageFileOf(path)).split('</head>')[0]
      for (const [tag] of head.matchAll(/<link\b[^>]*>/g)) {
        const href = tag.match(/\shref="([^"]+)"/)?.[1]
        if (href && /\srel="canonical"/.test(tag)) canonical.add(href)
        if (href && /\srel="alternate"/.test(tag) && /\shreflang="/i.test(tag)) hreflang.add(href)
      }
    }
    // The sitemap's alternates too (xhtml:link).
    for (const [, href] of text('sitemap.xml').matchAll(/<xhtml:link\b[^>]*\shref="([^"]+)"/g)) hreflang.add(href)
    expect(canonical.size).toBe(sitemap.length)
    expect(hreflang.size).toBeGreaterThan(20)
    const named = new Set([...canonical, ...hreflang])
    for (const href of named) expect(new URL(href).origin, href).toBe(origin)
    for (const [host, base] of each()) {
      for (const href of named) {
        const { status, location } = await answer(base, new URL(href).pathname)
        expect({ host, href, status, location }).toEqual({ host, href, status: 200, location: null })
      }
    }
  })

  it('another spelling of a page address (/x/, /x.html) is sent to the address with 308', async () => {
    for (const [host, base] of each()) {
      for (const path of sitemap.filter((p) => p !== '/')) {
        for (const spelling of [`${path}/`, `${path}.html`]) {
          const { status, location } = await answer(base, spelling)
          expect({ host, spelling, status, location }).toEqual({ host, spelling, status: 308, location: path })
        }
      }
    }
  })

  it('every 301 of _redirects works', async () => {
    const redirects = [...parseRedirects(redirectsFile)]
    expect(redirects.length).toBeGreaterThan(5)
    for (const [host, base] of each()) {
      for (const [from, to] of redirects) {
        const { status, location } = await answer(base, from)
        expect({ host, from, status, location }).toEqual({ host, from, status: 301, location: to })
        expect((await answer(base, to)).status, `${host} ${to}`).toBe(200)
      }
    }
  })

  it("an unknown address gets its language's not-found page with status 404", async () => {
    const languages = [...parseNotFoundPages(redirectsFile), { prefix: '', page: '/404.html' }]
    expect(languages.length).toBeGreaterThan(1)
    for (const [host, base] of each()) {
      for (const { prefix, page } of languages) {
        for (const path of [`${prefix}/no-such-page`, `${prefix}/services/no-such-service/`]) {
          const { status, body } = await answer(base, path)
          expect({ host, path, status }).toEqual({ host, path, status: 404 })
          expect(body, `${host} ${path}`).toBe(text(page))
        }
      }
    }
  })

  it('hashed assets are cached for a year with no no-cache; pages and the service worker are revalidated', async () => {
    const assets = readdirSync(join(dist, 'assets')).filter((name) => !/\.(br|gz)$/.test(name))
    expect(assets.length).toBeGreaterThan(10)
    const revalidated = (value: string) =>
      /\bno-cache\b/.test(value) || /\bmax-age=0\b.*\bmust-revalidate\b/.test(value)
    for (const [host, base] of each()) {
      for (const name of assets) {
        const { status, headers } = await answer(base, `/assets/${name}`)
        const cache = headers.get('cache-control') ?? ''
        expect({ host, name, status }).toEqual({ host, name, status: 200 })
        expect(cache, `${host} /assets/${name}`).toMatch(/^public, max-age=31536000, immutable$/)
      }
      // The pages, the offline page, the service worker, the data a page loads when navigated to.
      const data = ['/', '/contact-us', '/es/contacto'].map(dataUrlOf)
      for (const path of [...sitemap, '/offline', '/sw.js', '/search-index.json', '/sitemap.xml', ...data]) {
        const { status, headers } = await answer(base, path)
        const cache = headers.get('cache-control') ?? ''
        expect({ host, path, status }).toEqual({ host, path, status: 200 })
        expect(revalidated(cache), `${host} ${path}: ${cache}`).toBe(true)
      }
    }
  })

  it('every page, and each not-found page, has the security headers with the Content-Security-Policy', async () => {
    const inputs = policyInputsOf(dist)
    // Cloudflare serves the site at its https origin: its policy also asks for upgrades.
    const expected = {
      'Cloudflare Pages': securityHeaders({ ...inputs, https: new URL(origin).protocol === 'https:' }),
      'npm run serve': securityHeaders(inputs),
    }
    for (const [host, base] of each()) {
      for (const path of [...sitemap, '/no-such-page', '/es/no-such-page']) {
        const { headers } = await answer(base, path)
        const sent = Object.fromEntries(
          Object.keys(expected[host as keyof typeof hosts]).map((k) => [k, headers.get(k)]),
        )
        expect(sent, `${host} ${path}`).toEqual(expected[host as keyof typeof hosts])
      }
    }
  })
})

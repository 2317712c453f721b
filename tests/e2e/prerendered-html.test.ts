import { describe, expect, it } from 'vitest'
import { baseURL } from './browser'

const get = (path: string) => fetch(baseURL() + path, { redirect: 'manual' })

describe('pages are served as complete HTML before any script runs', () => {
  it.each([
    ['/', 'Elite Executive Protection and Private Security in Florida'],
    ['/services/executive-protection', 'Executive Protection and Armed Bodyguards in Florida'],
    ['/orlando-security-services', 'Orlando Security Services and Executive Protection'],
  ])('%s has its heading, text, title, description and canonical in the HTML', async (path, heading) => {
    const response = await get(path)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`))
    expect(html).toMatch(/<head>[\s\S]*<title>[^<]+<\/title>[\s\S]*<\/head>/)
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/)
    expect(html).toContain(`<link rel="canonical" href="https://www.example.com${path === '/' ? '/' : path}"/>`)
    expect(html).toContain('<section')
  })

  it.each(['/', '/contact-us', '/no-such-page'])(
    '%s draws its layout icons from the sprite in its own HTML, each with a path',
    async (path) => {
      const html = await (await get(path)).text()
      const used = new Set([...html.matchAll(/<use href="#([^"]+)"/g)].map((m) => m[1]))
      expect(used.size).toBeGreaterThanOrEqual(5)
      for (const id of used)
        expect(html).toMatch(new RegExp(`<symbol id="${id}" viewBox="0 0 24 24"[^>]*><(?:path|rect|circle)`))
    },
  )

  it('answers redirects with 301 and a Location', async () => {
    const response = await get('/about')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/about-us')
  })

  it('answers an unknown address with 404 and the not-found page', async () => {
    const response = await get('/no-such-page')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Oops! Page not found')
    expect(html).toContain('name="robots" content="noindex"')
  })

  it('the backend path is answered by the server, not the static site', async () => {
    const response = await get('/functions/v1/submit-lead')
    expect(response.status).not.toBe(404)
  })
})

// No link on the site ends on the not-found page: every internal link and asset of every
// page answers 200 (a redirect address answers 301 to a page that answers 200).
import { describe, expect, it } from 'vitest'
import { baseURL } from './browser'

const fetchManual = (path: string) => fetch(baseURL() + path, { redirect: 'manual' })

describe('links', () => {
  it('a crawl from / reaches every page, and every internal link and asset answers 200', async () => {
    const seen = new Map<string, number>()
    const queue = ['/']
    const broken: string[] = []
    while (queue.length) {
      const path = queue.shift()!
      if (seen.has(path)) continue
      let response = await fetchManual(path)
      if (response.status === 301) {
        const target = response.headers.get('location')!
        response = await fetchManual(target)
        if (response.status !== 200) broken.push(`${path} -> ${target}: ${response.status}`)
        seen.set(path, 301)
        if (!seen.has(target)) queue.push(target)
        continue
      }
      seen.set(path, response.status)
      if (response.status !== 200) {
        broken.push(`${path}: ${response.status}`)
        continue
      }
      if (!(response.headers.get('content-type') ?? '').includes('text/html')) continue
      const html = await response.text()
      for (const match of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
        const url = new URL(match[1].replace(/&amp;/g, '&'), baseURL() + path)
        if (url.origin !== new URL(baseURL()).origin) continue
        const target = url.pathname + url.search
        if (!seen.has(target) && !queue.includes(target)) queue.push(target)
      }
    }
    expect(broken).toEqual([])
    // Every page the sitemap advertises is reachable by following links from the home page.
    const sitemap = await (await fetchManual('/sitemap.xml')).text()
    const origin = /<loc>(https?:\/\/[^/<]+)/.exec(sitemap)![1]
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(origin.length) || '/')
    expect(listed.length).toBeGreaterThanOrEqual(22)
    expect(listed.filter((page) => seen.get(page) !== 200)).toEqual([])
  })
})

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { chromium } from 'playwright'
import { startSiteServer } from '../server/site-server'
import { CHROMIUM_FLAGS } from '../scripts/engines/browsers'
const site = await startSiteServer({ distDir: resolve('dist'), dataDir: join(mkdtempSync(join(tmpdir(), 'axe-')), 'pg'), port: 0, host: '127.0.0.1' })
const a = site.server.address() as { port: number }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS })
const ctx = await browser.newContext({ baseURL: `http://127.0.0.1:${a.port}`, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', serviceWorkers: 'block' })
const page = await ctx.newPage()
const cdp = await ctx.newCDPSession(page)
await cdp.send('Performance.enable')
const task = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
const routes = ['/', '/services/executive-protection', '/contact-us', '/careers', '/es', '/about-us']
for (let round = 0; round < 2; round++)
for (const mode of ['default', 'violations only'] as const) {
  let wall = 0, renderer = 0, node = 0; const found: string[] = []
  for (const r of routes) {
    await page.goto(r); await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    const t = performance.now(); const t0 = await task(); const c0 = process.cpuUsage()
    let b = new AxeBuilder({ page }).withTags(TAGS)
    if (mode !== 'default') b = b.options({ resultTypes: ['violations'] })
    const res = await b.analyze()
    const c = process.cpuUsage(c0)
    wall += performance.now() - t; renderer += (await task()) - t0; node += (c.user + c.system) / 1000
    found.push(`${r}:${res.violations.length}`)
  }
  console.log(`${mode}: per page ${(wall / routes.length).toFixed(0)} ms wall, renderer ${((renderer * 1000) / routes.length).toFixed(0)} ms, node ${(node / routes.length).toFixed(0)} ms; ${found.join(' ')}`)
}
await browser.close(); await site.close()

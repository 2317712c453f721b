import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright'
import { startSiteServer } from '../server/site-server'
import { CHROMIUM_FLAGS } from '../scripts/engines/browsers'
const site = await startSiteServer({ distDir: resolve('dist'), dataDir: join(mkdtempSync(join(tmpdir(), 'tab-')), 'pg'), port: 0, host: '127.0.0.1' })
const a = site.server.address() as { port: number }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS })
const ctx = await browser.newContext({ baseURL: `http://127.0.0.1:${a.port}`, viewport: { width: 375, height: 740 }, reducedMotion: 'reduce', serviceWorkers: 'block' })
const page = await ctx.newPage()
const cdp = await ctx.newCDPSession(page)
await cdp.send('Performance.enable')
const metric = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
async function scan() {
  await new Promise((r) => requestAnimationFrame(r))
  let n = 0
  for (const c of document.body.querySelectorAll('*')) { const p = getComputedStyle(c).position; if (p === 'fixed' || p === 'sticky') n++ }
  return n
}
async function noScan() { await new Promise((r) => requestAnimationFrame(r)); return document.activeElement?.tagName }
for (const [label, fn] of [['press+rAF+scan', scan], ['press+rAF', noScan], ['press only', null]] as const) {
  await page.goto('/services/executive-protection'); await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  const m0 = await metric(); const t = performance.now(); const cpu0 = process.cpuUsage()
  for (let i = 0; i < 60; i++) { await page.keyboard.press('Tab'); if (fn) await page.evaluate(fn) }
  const m1 = await metric(); const cpu = process.cpuUsage(cpu0)
  console.log(`${label}: ${((performance.now() - t) / 60).toFixed(1)} ms per Tab; renderer task ${(((m1.TaskDuration - m0.TaskDuration) * 1000) / 60).toFixed(1)} ms, script ${(((m1.ScriptDuration - m0.ScriptDuration) * 1000) / 60).toFixed(1)} ms, style ${(((m1.RecalcStyleDuration - m0.RecalcStyleDuration) * 1000) / 60).toFixed(1)} ms, layout ${(((m1.LayoutDuration - m0.LayoutDuration) * 1000) / 60).toFixed(1)} ms; node ${((cpu.user + cpu.system) / 1000 / 60).toFixed(1)} ms`)
}
console.log('elements', await page.evaluate(() => document.body.querySelectorAll('*').length))
await browser.close(); await site.close()

/**
 * Dev loop: under the Vite dev server (what `npm run dev` runs), the time from writing a page's
 * YAML file to its new hero heading in the open page's DOM. The engine re-renders the page on
 * its `site:pages-changed` HMR event, without a reload (checked: a marker set on `window` must
 * survive every edit).
 *
 * The file is edited in `dir` (the benchmark's copy of the project) and written back byte for
 * byte in a finally block.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright'
import { parse } from 'yaml'
import { CHROMIUM_FLAGS } from '../scripts/engines/browsers.ts'
import { chromiumPath } from './lighthouse.ts'
import { median, ROOT, round, startProcess, TSX } from './project.ts'

export const DEV_PAGE_FILE = 'pages/services/event-security.yaml'
export const DEV_PAGE_ROUTE = '/services/event-security'
const EDITS = 6

export type DevLoopResult = {
  file: string
  route: string
  samplesMs: number[]
  medianMs: number
  maxMs: number
  reloads: number
  serverReadyMs: number
  firstLoadMs: number
}

declare global {
  interface Window {
    __benchMarker?: number
    __benchSeen?: Promise<number>
  }
}

export async function runDevLoop(
  dir: string,
  port = 4393,
  log: (line: string) => void = console.log,
): Promise<DevLoopResult> {
  const file = join(dir, DEV_PAGE_FILE)
  const original = readFileSync(file)
  const text = original.toString('utf8')
  const hero = (parse(text) as { blocks: { type: string; heading?: string }[] }).blocks.find((b) => b.type === 'hero')
  if (!hero?.heading || text.split(hero.heading).length !== 2)
    throw new Error(`${DEV_PAGE_FILE}: no hero heading that occurs exactly once`)
  const heading = hero.heading

  const serverStarted = performance.now()
  const server = await startProcess(
    TSX,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      '--configLoader',
      'native',
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: dir,
      env: { BACKEND_DATA_DIR: join(dir, '.data/dev-pglite') },
      ready: /Local:\s+http/,
      url: `http://127.0.0.1:${port}`,
    },
  )
  const serverReadyMs = Math.round(performance.now() - serverStarted)
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  })
  const samples: number[] = []
  let reloads = 0
  let firstLoadMs = 0
  try {
    const page = await browser.newPage()
    const loadStarted = performance.now()
    await page.goto(server.url + DEV_PAGE_ROUTE, { timeout: 120_000 })
    await page.waitForFunction(
      (h) => document.querySelector('h1')?.textContent === h && document.documentElement.dataset.hydrated === 'true',
      heading,
      { timeout: 120_000 },
    )
    firstLoadMs = Math.round(performance.now() - loadStarted)
    await page.evaluate(() => (window.__benchMarker = 1))

    for (let i = 1; i <= EDITS; i++) {
      // The last write is the original file: restoring is timed like any other edit.
      const last = i === EDITS
      const expected = last ? heading : `${heading} (edit ${i})`
      // A string, not a function: tsx's name-keeping helper (__name) does not exist in the page.
      await page.evaluate(`window.__benchSeen = new Promise((resolve) => {
        const expected = ${JSON.stringify(expected)}
        const observer = new MutationObserver(() => {
          if (document.querySelector('h1')?.textContent !== expected) return
          observer.disconnect()
          resolve(performance.timeOrigin + performance.now())
        })
        observer.observe(document.body, { subtree: true, childList: true, characterData: true })
      }); undefined`)
      const written = performance.timeOrigin + performance.now()
      writeFileSync(file, last ? original : text.replace(heading, expected))
      const seen = await Promise.race([
        page.evaluate(() => window.__benchSeen!),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`edit ${i}: "${expected}" did not appear within 30 s`)), 30_000),
        ),
      ])
      samples.push(round(seen - written))
      if (!(await page.evaluate(() => window.__benchMarker === 1))) {
        reloads++
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
        await page.evaluate(() => (window.__benchMarker = 1))
      }
      log(`  edit ${i}${last ? ' (restore)' : ''}: ${samples.at(-1)} ms`)
      await new Promise((done) => setTimeout(done, 700))
    }
  } finally {
    writeFileSync(file, original)
    await browser.close()
    await server.stop()
  }
  if (!readFileSync(file).equals(original)) throw new Error(`${file} was not restored`)
  return {
    file: DEV_PAGE_FILE,
    route: DEV_PAGE_ROUTE,
    samplesMs: samples,
    medianMs: median(samples),
    maxMs: Math.max(...samples),
    reloads,
    serverReadyMs,
    firstLoadMs,
  }
}

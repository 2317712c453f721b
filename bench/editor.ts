/**
 * The page editor (`npm run edit`): the time from a keystroke in a block's field to the preview
 * showing it. In a copy of the project, the editor opens the Orlando page in Chromium and a
 * character is typed into the hero's heading 20 times (each after the previous one showed);
 * each sample runs from the key press to the new text in the phone preview's <h1> (polled in
 * the page every animation frame, same clock). It includes the server's draft (YAML edit,
 * validation, resolution into page data; asked at once, one at a time), posting it to the frames
 * and React rendering it there with the site's components (src/editor/preview-frame/), in place:
 * the frames are not reloaded (checked: a mark put in each frame's window, once it has drawn its
 * first page, must still be there at the end).
 */
import { chromium } from 'playwright'
import { CHROMIUM_FLAGS } from '../scripts/engines/browsers.ts'
import { chromiumPath } from './lighthouse.ts'
import { median, round, startProcess, TSX } from './project.ts'

const FILE = 'pages/orlando-security-services.yaml'
const SAMPLES = 20

export type EditorResult = {
  file: string
  samplesMs: number[]
  medianMs: number
  maxMs: number
  checkMedianMs: number
  /** Whether a preview frame loaded its document again during the samples (it should not: drafts are drawn in place). */
  frameReloaded: boolean
}

export async function runEditor(dir: string, port: number, log: (text: string) => void): Promise<EditorResult> {
  const editor = await startProcess(TSX, ['scripts/edit.ts'], {
    cwd: dir,
    env: { PORT: String(port) },
    ready: /Page editor: (http:\S+)/,
    url: `http://127.0.0.1:${port}/_editor/`,
    timeoutMs: 120_000,
  })
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
    await page.goto(editor.url)
    await page.getByRole('link', { name: new RegExp(FILE.replace(/[./]/g, '\\$&')) }).click()
    const field = page.locator('#block-0_heading')
    await field.waitFor()
    await page.locator('iframe[title^="Preview at phone width"]').waitFor({ timeout: 60_000 })
    // Each frame has loaded its document and drawn the page (preview-frame/main.tsx marks it).
    for (const title of ['Preview at phone width', 'Preview at desktop width'])
      await page.frameLocator(`iframe[title^="${title}"]`).locator('html[data-drawn]').waitFor({ timeout: 60_000 })
    // A mark in each frame's window: a reload of the frame would lose it.
    await page.evaluate(
      `document.querySelectorAll('iframe').forEach((f) => { f.contentWindow.editorBenchMark = true })`,
    )
    await field.click()
    await page.keyboard.press('End')
    const samples: number[] = []
    const checks: number[] = []
    for (let i = 0; i < SAMPLES; i++) {
      const expected = `${await field.inputValue()}${String.fromCharCode(97 + (i % 26))}`
      // A string, not a function: tsx names the functions it compiles with a helper the page lacks.
      const shown = page.evaluate<number>(`new Promise((resolve) => {
        const look = () => {
          const frame = document.querySelector('iframe[title^="Preview at phone width"]')
          if (frame?.contentDocument?.querySelector('h1')?.textContent === ${JSON.stringify(expected)}) resolve(performance.now())
          else requestAnimationFrame(look)
        }
        look()
      })`)
      const checked = page.waitForResponse((r) => r.url().endsWith('/_editor/api/check'))
      const pressed = await page.evaluate(() => performance.now())
      await page.keyboard.type(expected.slice(-1))
      samples.push(round((await shown) - pressed))
      await checked
      checks.push(round((await page.evaluate(() => performance.now())) - pressed))
    }
    const frameReloaded = await page.evaluate<boolean>(
      `[...document.querySelectorAll('iframe')].some((f) => f.contentWindow.editorBenchMark !== true)`,
    )
    const result = {
      file: FILE,
      frameReloaded,
      samplesMs: samples,
      medianMs: median(samples),
      maxMs: Math.max(...samples),
      checkMedianMs: median(checks),
    }
    log(
      `Editor: keystroke to preview median ${result.medianMs} ms, max ${result.maxMs} ms${frameReloaded ? ' (a preview frame was reloaded)' : ', no frame reloaded'}`,
    )
    return result
  } finally {
    await browser.close()
    await editor.stop()
  }
}

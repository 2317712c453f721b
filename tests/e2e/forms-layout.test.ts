// The forms' choices look right in Chromium, wide and narrow: every radio button and checkbox
// has its label on the same line to its right, a radio group's options sit in one row where
// they fit, and every target is at least 24 × 24 px (WCAG 2.5.8). The application is measured
// step by step, as it shows.
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage } from './browser'
import { APPLICATION_STEPS, fillApplication, goToStep, gotoForm } from './form-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Option = {
  group: string
  text: string
  control: { x: number; y: number; width: number; height: number }
  label: { x: number; y: number; width: number; height: number }
  textBox: { x: number; y: number; width: number; height: number }
}

/** Each radio and checkbox option: its control, its whole label and the label's text. */
function measure(page: Page): Promise<Option[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLabelElement>('form.schema-form label.form__option')]
      .filter((label) => label.checkVisibility())
      .map((label) => {
        const input = label.querySelector('input')!
        const range = document.createRange()
        range.selectNodeContents(label)
        range.setStartAfter(input)
        const box = (r: DOMRect) => ({ x: r.x, y: r.y, width: r.width, height: r.height })
        return {
          group: label.closest('fieldset')?.id ?? '',
          text: label.textContent?.trim() ?? '',
          control: box(input.getBoundingClientRect()),
          label: box(label.getBoundingClientRect()),
          textBox: box(range.getBoundingClientRect()),
        }
      }),
  )
}

describe.each([
  ['wide', 1280],
  ['narrow', 375],
])('form choices at %s width (%i px)', (_, width) => {
  it.each(['/careers', '/contact-us'])(
    '%s: labels beside their controls, rows of options, 24 px targets',
    async (path) => {
      const { page } = await openPage(browser, { viewport: { width, height: 900 } })
      await gotoForm(page, path)
      let measured = 0
      if (path === '/careers') await fillApplication(page, 'Layout')
      for (const step of path === '/careers' ? APPLICATION_STEPS.slice(0, -1) : [undefined]) {
        if (step) await goToStep(page, step.title)
        const options = await measure(page)
        measured += options.length
        for (const option of options) {
          const where = `${path} ${option.group} "${option.text}"`
          // Same line: the text's box and the control's box overlap vertically; text to the right.
          const controlMiddle = option.control.y + option.control.height / 2
          expect(controlMiddle, where).toBeGreaterThan(option.textBox.y)
          expect(controlMiddle, where).toBeLessThan(option.textBox.y + option.textBox.height)
          expect(option.textBox.x, where).toBeGreaterThanOrEqual(option.control.x + option.control.width)
          expect(option.label.width, where).toBeGreaterThanOrEqual(24)
          expect(option.label.height, where).toBeGreaterThanOrEqual(24)
        }
        // A yes/no question's answers sit in one row.
        const radios = await page
          .locator('form.schema-form fieldset.form__choices:has(input[type="radio"]):visible')
          .all()
        for (const group of radios) {
          const tops = await group
            .locator('label.form__option')
            .evaluateAll((labels) => labels.map((l) => Math.round(l.getBoundingClientRect().top)))
          expect(new Set(tops).size, (await group.getAttribute('id')) ?? '').toBe(1)
        }
        const button = await page.locator('form.schema-form button.form__submit').boundingBox()
        expect(button?.height).toBeGreaterThanOrEqual(24)
      }
      if (path === '/careers') expect(measured).toBeGreaterThan(30)
    },
  )
})

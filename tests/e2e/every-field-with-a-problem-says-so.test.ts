// The page editor's forms in real Chromium (`npm run edit` in a throw-away copy of the project):
// every field with a problem says so to assistive technology, whatever its widget (text input,
// textarea, select, checkbox, radio group, a list's item): `aria-invalid="true"`, and
// `aria-describedby` naming the element that holds the message. A list's items are labelled by
// their place ("Keyword 1"), not by rjsf's ids ("keywords-1").
import type { Browser, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import type { RunningProcess } from '../../bench/project'
import { openPage } from './browser'
import type { Harness } from './editor-form-harness'
import { editorForThisFile, openInEditor } from './editor-process'

let editor: RunningProcess
let browser: Browser

editorForThisFile('editor-fields', (run) => ({ editor, browser } = run))

/** Every kind of field the editor draws, each with a problem but the list's first item. */
const schema = {
  type: 'object',
  properties: {
    heading: { type: 'string' },
    intro: { type: 'string', maxLength: 400 },
    variant: { type: 'string', enum: ['primary', 'phone'] },
    noindex: { type: 'boolean' },
    tone: { type: 'string', enum: ['dark', 'light'] },
    keywords: { type: 'array', items: { type: 'string' } },
  },
}
const data = { heading: 'H', intro: 'I', variant: 'phone', noindex: true, tone: 'dark', keywords: ['a', 'b'] }
const fields = {
  heading: 't_heading',
  intro: 't_intro',
  variant: 't_variant',
  noindex: 't_noindex',
  tone: 't_tone',
  'keywords[1]': 't_keywords_1',
}
const problems = Object.keys(fields).map((at) => ({ at, message: `The problem of ${at}.` }))

/** What assistive technology reads of a control: aria-invalid, and the texts it is described by. */
const described = (page: Page, id: string) =>
  page.evaluate((at) => {
    const control = document.getElementById(at)!
    const ids = control.getAttribute('aria-describedby')?.split(' ').filter(Boolean) ?? []
    return {
      tag: control.tagName.toLowerCase(),
      role: control.getAttribute('role') ?? control.getAttribute('type'),
      invalid: control.getAttribute('aria-invalid'),
      description: ids.map((i) => document.getElementById(i)?.textContent ?? '').join(' '),
    }
  }, id)

describe("the page editor's fields", () => {
  it('say a problem with aria-invalid and are described by its message, whatever their widget', async () => {
    const { page } = await openPage(browser)
    await page.goto(editor.url)
    // The form on its own, through the development server (the same modules as the editor's).
    await page.addScriptTag({ type: 'module', url: '/tests/e2e/editor-form-harness.tsx' })
    await page.waitForFunction(() => 'harness' in window)
    await page.evaluate((props) => (window as unknown as { harness: Harness }).harness.mountForm(props), {
      schema,
      data,
      problems,
      ui: { tone: { 'ui:widget': 'radio' } },
    })
    await page.locator('#t_keywords_1').waitFor()
    const seen = Object.fromEntries(
      await Promise.all(Object.entries(fields).map(async ([at, id]) => [at, await described(page, id)] as const)),
    )
    expect(
      Object.fromEntries(
        Object.entries(seen).map(([at, control]) => [at, `${control.tag} ${control.role ?? ''}`.trim()]),
      ),
    ).toEqual({
      heading: 'input text',
      intro: 'textarea',
      variant: 'select',
      noindex: 'input checkbox',
      tone: 'div radiogroup',
      'keywords[1]': 'input text',
    })
    for (const [at, control] of Object.entries(seen)) {
      expect(control.invalid, at).toBe('true')
      expect(control.description, at).toContain(`The problem of ${at}.`)
    }
    // A field without a problem says nothing of the kind.
    expect((await described(page, 't_keywords_0')).invalid).toBeNull()
    // The list's items, labelled by their place (rjsf marks a list's items required: "Keyword 2*").
    await expect(page.getByLabel(/^Keyword 2\*?$/).getAttribute('id')).resolves.toBe('t_keywords_1')
  })

  it("label a list's items by their place in a page's form", async () => {
    const { page } = await openPage(browser)
    await openInEditor(page, editor.url, 'pages/miami-security-services.yaml')
    await expect(page.getByLabel(/^Keyword 1\*?$/).getAttribute('id')).resolves.toBe('meta_keywords_0')
    await expect(page.getByLabel(/^Keyword 2\*?$/).getAttribute('id')).resolves.toBe('meta_keywords_1')
    await page.getByRole('button', { name: 'Drag to reorder Keyword 1', exact: true }).waitFor()
    expect(await page.getByText(/\bkeywords-\d/).count()).toBe(0)
  })
})

// The built bundle leaves rjsf's layout fields out (src/vite/without-rjsf-layout-fields.ts, src/forms/layout-fields-bridge.tsx):
// correct only while no form asks for them, in any language's UI schema.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { browserSchema } from '../../../common/forms/define'
import { FORM_KINDS, FORMS } from '../../../forms/registry'
import { rjsfUiSchema } from '../../../src/forms/derive'

/** Where a UI schema asks for one of rjsf's layout fields: `ui:layoutGrid` or a `ui:field` named Layout…, at any depth. */
function layoutPartsIn(node: unknown, path = ''): string[] {
  if (typeof node !== 'object' || node === null) return []
  return Object.entries(node).flatMap(([key, value]) => {
    const here = `${path}/${key}`
    const asked =
      key === 'ui:layoutGrid' || (key === 'ui:field' && typeof value === 'string' && value.startsWith('Layout'))
    return [...(asked ? [here] : []), ...layoutPartsIn(value, here)]
  })
}

/** Each form's UI schema as the browser's form renders it: its own, and one per translation. */
const renderedUiSchemas = FORM_KINDS.flatMap((kind) => {
  const form = FORMS[kind]
  const schema = browserSchema(form)
  const translations = Object.entries(form.translations ?? {})
  return [
    { name: `${kind} (default language)`, uiSchema: rjsfUiSchema(form, schema) },
    ...translations.map(([locale, t]) => ({ name: `${kind} (${locale})`, uiSchema: rjsfUiSchema(form, schema, t) })),
  ]
})

describe('the forms', () => {
  it('the check finds a layout field at any depth of a UI schema', () => {
    expect(layoutPartsIn({ 'ui:layoutGrid': {} })).toEqual(['/ui:layoutGrid'])
    expect(layoutPartsIn({ address: { street: { 'ui:field': 'LayoutHeaderField' } } })).toEqual([
      '/address/street/ui:field',
    ])
    expect(layoutPartsIn({ name: { 'ui:field': 'MyField', 'ui:options': { label: false } } })).toEqual([])
  })

  it('use no layout grid and no layout field of rjsf, in any language', () => {
    // Every form in every language of the site: the default one and each of the others.
    const [, ...others] = Object.keys(parse(readFileSync('site.yaml', 'utf8')).locales)
    expect(others.length).toBeGreaterThan(0)
    expect(renderedUiSchemas.map((s) => s.name).sort()).toEqual(
      FORM_KINDS.flatMap((kind) => [`${kind} (default language)`, ...others.map((l) => `${kind} (${l})`)]).sort(),
    )
    for (const { name, uiSchema } of renderedUiSchemas) {
      // A UI schema that lost its fields would pass the check below for nothing.
      expect(Object.keys(uiSchema).length, name).toBeGreaterThan(1)
      expect(layoutPartsIn(uiSchema), name).toEqual([])
    }
  })

  it('a layout field, were one asked for, fails loudly instead of rendering nothing', async () => {
    const { default: LayoutFieldLeftOut } = await import('../../../src/forms/layout-fields-bridge')
    expect(() => LayoutFieldLeftOut()).toThrow(/left out of the build/)
  })
})

// The built bundle leaves rjsf's layout fields out (src/vite/without-rjsf-layout-fields.ts, src/forms/layout-fields-bridge.tsx):
// correct only while no form asks for them.
import { describe, expect, it } from 'vitest'
import { browserSchema } from '../../../forms/define'
import { FORM_KINDS, FORMS } from '../../../forms/registry'
import { rjsfUiSchema } from '../../../src/forms/derive'

describe('the forms', () => {
  it('use no layout grid and no layout field of rjsf, in any language', () => {
    for (const kind of FORM_KINDS) {
      const form = FORMS[kind]
      const schema = browserSchema(form)
      const uiSchemas = [
        rjsfUiSchema(form, schema),
        ...Object.values(form.translations ?? {}).map((t) => rjsfUiSchema(form, schema, t)),
      ]
      expect(uiSchemas.length).toBeGreaterThan(0)
      for (const uiSchema of uiSchemas) {
        const text = JSON.stringify(uiSchema)
        expect(text, kind).not.toContain('ui:layoutGrid')
        expect(text, kind).not.toMatch(/"ui:field":\s*"Layout/)
      }
    }
  })

  it('a layout field, were one asked for, fails loudly instead of rendering nothing', async () => {
    const { default: LayoutFieldLeftOut } = await import('../../../src/forms/layout-fields-bridge')
    expect(() => LayoutFieldLeftOut()).toThrow(/left out of the build/)
  })
})

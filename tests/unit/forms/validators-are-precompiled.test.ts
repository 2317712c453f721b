import { describe, expect, it } from 'vitest'
import { CODE_FILLED_FIELDS, visitorSchema } from '../../../forms/define'
import { FORM_KINDS, FORMS } from '../../../forms/registry'
import { commonJsToEsm, formValidatorCode } from '../../../src/forms/precompiled-validators'

describe('precompiled form validators', () => {
  it('are plain ES modules with no eval, importing only ajv runtime helpers', () => {
    for (const kind of FORM_KINDS) {
      const code = formValidatorCode(kind)
      expect(code).not.toMatch(/new Function|\beval\(|require\(/)
      for (const [, specifier] of code.matchAll(/from "([^"]+)"/g)) expect(specifier).toMatch(/^ajv\/dist\/runtime\//)
      expect(code).toContain('export default module.exports')
    }
  })

  it('turn require() calls into namespace imports', () => {
    expect(commonJsToEsm('const a = require("x").default; const b = require("x");')).toBe(
      'import * as __dep0 from "x";\nconst module = { exports: {} };\nconst exports = module.exports;\nconst a = __dep0.default; const b = __dep0;\nexport default module.exports;\n',
    )
  })

  it('validate what the visitor fills in: the shared schema minus the code-filled fields', () => {
    const schema = visitorSchema(FORMS.application.schema) as { properties: object; required: string[] }
    for (const field of CODE_FILLED_FIELDS) {
      expect(schema.properties).not.toHaveProperty(field)
      expect(schema.required).not.toContain(field)
    }
    expect(schema.required).toContain('securityExperience')
  })
})

import { describe, expect, it } from 'vitest'
import { browserSchema, CODE_FILLED_FIELDS } from '../../../common/forms/define'
import { FORM_KINDS, FORMS } from '../../../forms/registry'
import { commonJsToEsm, formValidatorCode } from '../../../src/vite/form-validators'

describe('precompiled form validators', () => {
  it('are plain ES modules with no eval, importing only ajv runtime helpers', () => {
    for (const kind of FORM_KINDS) {
      const code = formValidatorCode(kind, FORMS[kind])
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

  it('validate what the visitor fills in: the shared schema minus the code-filled fields, plus the file field', () => {
    const schema = browserSchema(FORMS.application) as { properties: Record<string, object>; required: string[] }
    for (const field of CODE_FILLED_FIELDS) {
      expect(schema.properties).not.toHaveProperty(field)
      expect(schema.required).not.toContain(field)
    }
    expect(schema.required).toContain('securityExperience')
    // The file's name, held to the rules the function applies to resumeFileName.
    expect(schema.properties.resume).toMatchObject({ type: 'string', maxLength: 255, title: 'Resume (optional)' })
    expect(schema.required).not.toContain('resume')
  })

  // The browser bundle resolves URIs with a small bridge instead of fast-uri (src/vite/config.ts):
  // correct only while the forms' schemas need no $ref resolution.
  it('need no $ref or $id, so the browser needs no URI resolver', () => {
    for (const kind of FORM_KINDS) expect(JSON.stringify(browserSchema(FORMS[kind]))).not.toMatch(/"\$(ref|id)"/)
  })
})

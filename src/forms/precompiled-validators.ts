// Vite plugin: `virtual:form-validator/<kind>` is ajv's standalone validator for a form's
// visitor schema, generated at build time from the form registry, so the browser runs no ajv
// compiler and no `new Function` (the Content-Security-Policy forbids eval). Its errors are
// ajv's own, which forms/messages.ts words exactly as the function does.
import { Ajv } from 'ajv'
import standaloneCode from 'ajv/dist/standalone/index.js'
import addFormats from 'ajv-formats'
import type { Plugin } from 'vite'
import { visitorSchema } from '../../forms/define'
import { FORM_KINDS, FORMS, type FormKind } from '../../forms/registry'

const PREFIX = 'virtual:form-validator/'

/**
 * ajv's standalone output is CommonJS (its runtime helpers are required): the `require()`s
 * become namespace imports.
 */
export function commonJsToEsm(code: string): string {
  const imports = new Map<string, string>()
  const body = code.replace(/require\("([^"]+)"\)/g, (_, specifier: string) => {
    if (!imports.has(specifier)) imports.set(specifier, `__dep${imports.size}`)
    return imports.get(specifier)!
  })
  const header = [...imports]
    .map(([specifier, name]) => `import * as ${name} from ${JSON.stringify(specifier)};`)
    .join('\n')
  return `${header}\nconst module = { exports: {} };\nconst exports = module.exports;\n${body}\nexport default module.exports;\n`
}

export function formValidatorCode(kind: FormKind): string {
  // The options of supabase/functions/_shared/validate.ts, so both sides report the same errors.
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictRequired: false,
    ownProperties: true,
    code: { source: true },
  })
  addFormats(ajv, ['email', 'uuid'])
  return commonJsToEsm(standaloneCode(ajv, ajv.compile(visitorSchema(FORMS[kind].schema))))
}

export function precompiledFormValidators(): Plugin {
  return {
    name: 'form-validators',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined
      const kind = id.slice(PREFIX.length + 1) as FormKind
      if (!FORM_KINDS.includes(kind)) this.error(`Unknown form "${kind}"`)
      return formValidatorCode(kind)
    },
  }
}

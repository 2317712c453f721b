// Vite plugin: `virtual:form-validator/<kind>` is rjsf's precompiled ajv validator for a form,
// generated at build time from schemas/, so the browser runs no ajv compiler and no
// `new Function` (the Content-Security-Policy forbids eval).
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators'
import type { Plugin } from 'vite'
import applicationSchema from '../../schemas/application.schema.json'
import contactSchema from '../../schemas/contact.schema.json'
import { browserSchema, type FormKind } from './form-schemas'

const sharedSchemas: Record<FormKind, Record<string, unknown>> = {
  contact: contactSchema,
  application: applicationSchema,
}

const PREFIX = 'virtual:form-validator/'

/**
 * ajv's standalone output is CommonJS (its ESM mode cannot name rjsf's hashed exports):
 * its `require()`s of ajv's runtime helpers become namespace imports.
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
  return commonJsToEsm(compileSchemaValidatorsCode(browserSchema(sharedSchemas[kind]) as never))
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
      if (!(kind in sharedSchemas)) this.error(`Unknown form "${kind}"`)
      return formValidatorCode(kind)
    },
  }
}
